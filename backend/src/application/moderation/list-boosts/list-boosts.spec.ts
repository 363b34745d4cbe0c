import { useCase } from '../../../../test/support/use-case-specification';
import { boostStreamId } from '../../../domain/boost/boost.decider';
import { account, at, boostApplied, boostPurchased } from '../testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { ListBoostsHandler } from './list-boosts.handler';
import { ListBoostsQuery } from './list-boosts.query';

describe('listing boosts', () => {
  const page = { page: 1, pageSize: 25 };
  const buyer = id(2);
  /** A boost bought on `day`, running on a post until `expiresAt`. */
  const running = (boostId: string, day: string, expiresAt: string) =>
    [
      boostStreamId(boostId),
      { ...boostPurchased(boostId, buyer), ...at(`2026-11-${day}T00:00:00.000Z`) },
      boostApplied(boostId, buyer, id(1), expiresAt),
    ] as const;
  const listBoosts = givenHistory(
    useCase((world) => new ListBoostsHandler(adminServices(world).reads), { now: NOW }),
    [
      account(buyer),
      running(id(6), '20', '2026-11-24T00:00:00.000Z'),
      // Ran out an hour ago, not swept yet.
      running(id(7), '21', '2026-11-23T09:00:00.000Z'),
    ],
  );

  it('given an active boost whose time ran out, when all boosts are listed, then it reads as expired, with its buyer', async () => {
    const { answer: all } = await listBoosts
      .when(new ListBoostsQuery('all', undefined, undefined, page))
      .outcome();
    expect(all?.items.map((row) => [row.boost._id, row.state])).toEqual([
      [id(7), 'expired'],
      [id(6), 'active'],
    ]);
    expect(all?.items[0].buyer).toEqual({
      id: buyer,
      name: 'QuietHeron1234',
      email: `${buyer}@example.com`,
    });
  });

  it('given an active boost whose time ran out, when the expired ones are listed, then it is filtered by the state now, swept or not', async () => {
    const { answer: expired } = await listBoosts
      .when(new ListBoostsQuery('expired', undefined, undefined, page))
      .outcome();
    expect(expired?.items.map((row) => row.boost._id)).toEqual([id(7)]);
    expect(expired?.total).toBe(1);
  });
});
