import { randomUUID } from 'node:crypto';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { BoostApplied, BoostPurchased } from '../../../domain/boost/boost.decider';
import { postPublished } from '../../../../test/support/community-use-cases';
import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import { BoostExpiry } from '../boost-expiry';
import { communityServices } from '../testing/community-use-cases';
import { ExpireDueBoostsHandler } from './expire-due-boosts.handler';

const HOUR_MS = 60 * 60 * 1000;
const hoursAfterNow = (hours: number) => new Date(Date.parse(SPEC_NOW) + hours * HOUR_MS);

describe('expire due boosts before a board read', () => {
  const author = randomUUID();
  const [older, newer] = [randomUUID(), randomUUID()];
  const boostId = randomUUID();
  const expiresAt = hoursAfterNow(1).toISOString();
  const purchased: BoostPurchased = {
    type: 'BoostPurchased',
    data: {
      ...{ amount: 199, currency: 'usd', stripeSessionId: 'cs_1', stripePaymentId: 'pi_1' },
      ...{ receiptUrl: null, boostId, boostType: 'regular', userId: author, postId: older },
      receiptEmail: null,
    },
  };
  const applied: BoostApplied = {
    type: 'BoostApplied',
    data: {
      boostId,
      boostType: 'regular',
      userId: author,
      postId: older,
      appliedAt: SPEC_NOW,
      expiresAt,
    },
  };

  const expireDueBoosts = useCase((world) => {
    const expiry = new BoostExpiry(
      communityServices(world).writes,
      world.readStore,
      new SchedulerRegistry(),
    );
    return new ExpireDueBoostsHandler(expiry);
  })
    .given(`post-${older}`, postPublished(older, author))
    .given(`post-${newer}`, postPublished(newer, author));

  it('answers the position the read models have reached, with nothing due', async () => {
    const nothingDue = expireDueBoosts
      .given(`boost-${boostId}`, purchased, applied)
      .when(undefined);
    await nothingDue.thenNothing();
    await nothingDue.thenAnswers(4n);
  });

  it('given a boost run out, expires it and answers the position that includes its expiry', async () => {
    const runOut = expireDueBoosts
      .given(`boost-${boostId}`, purchased, applied)
      .at(hoursAfterNow(2))
      .when(undefined);
    await runOut.then(`boost-${boostId}`, [
      { type: 'BoostExpired', data: { boostId, userId: author, postId: older, expiresAt } },
    ]);
    await runOut.thenAnswers(5n);
  });
});
