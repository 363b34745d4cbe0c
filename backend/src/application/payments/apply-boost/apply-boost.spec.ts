import { ForbiddenError } from '../../../domain/shared/errors';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { communityServices } from '../../community/testing/community-use-cases';
import { NOW } from '../testing/payments-fixture';
import { ApplyBoostCommand } from './apply-boost.command';
import { ApplyBoostHandler } from './apply-boost.handler';

const buyer = '00000000-0000-4000-8000-000000000001';
const postId = '00000000-0000-7000-8000-000000000001';
const purchased = {
  type: 'BoostPurchased',
  data: {
    boostId: 'b-1',
    boostType: 'regular',
    userId: buyer,
    postId: null,
    amount: 199,
    currency: 'usd',
    stripeSessionId: 'cs_1',
    stripePaymentId: 'pi_1',
    receiptUrl: null,
    receiptEmail: null,
  },
};

/** A member's post, and a boost they bought without a post. */
const applying = useCase(
  (world) => {
    const { writes, reads } = communityServices(world);
    return new ApplyBoostHandler(writes, reads);
  },
  { now: NOW },
)
  .given(`post-${postId}`, postPublished(postId, buyer))
  .given('boost-b-1', purchased);

describe('apply a boost', () => {
  it('given a boost bought without a post, when its buyer applies it to their post, then the post is taken for it and it runs for 24 hours', async () => {
    const apply = applying.when(new ApplyBoostCommand(buyer, postId, 'corr-1'));
    const byBuyer = { actor: { type: 'user' as const, id: buyer }, correlationId: 'corr-1' };
    await apply.thenAnswers({ boostType: 'regular' });
    await apply.then(`post-boost-${postId}`, [
      {
        type: 'PostBoostClaimed',
        data: { postId, boostId: 'b-1', expiresAt: '2026-03-03T10:00:00.000Z' },
        metadata: byBuyer,
      },
    ]);
    await apply.then('boost-b-1', [
      { type: 'BoostApplied', data: expect.objectContaining({ postId }), metadata: byBuyer },
    ]);
  });

  it('given someone else’s post, when a member applies their boost to it, then it is refused and nothing is recorded', async () => {
    const apply = applying.when(
      new ApplyBoostCommand('00000000-0000-4000-8000-000000000002', postId, 'corr-1'),
    );
    await apply.thenThrows(ForbiddenError);
    expect((await apply.outcome()).appended).toEqual([]);
  });
});
