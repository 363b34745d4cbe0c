import { useCase } from '../../../../test/support/use-case-specification';
import { account, boost, boostApplied, post, report } from '../testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { GetDashboardCountsHandler } from './get-dashboard-counts.handler';

describe('the dashboard counts', () => {
  const getDashboardCounts = useCase(
    (world) => new GetDashboardCountsHandler(adminServices(world).reads),
    { now: NOW },
  );

  it('given posts, a report, accounts and boosts, when the counts are asked for, then what waits for review, the accounts and the boosts running now are counted', () =>
    givenHistory(getDashboardCounts, [
      post(id(1), id(8)),
      post(id(2), id(8), { type: 'PostApproved', data: { postId: id(2), authorId: id(8) } }),
      report(id(3), id(1), id(8), id(9)),
      account(id(4)),
      account(id(5)),
      boost(id(6), id(4), null, boostApplied(id(6), id(4), id(1), '2026-11-24T00:00:00.000Z')),
      // Ran out an hour ago, not swept yet: not running.
      boost(id(7), id(4), null, boostApplied(id(7), id(4), id(2), '2026-11-23T09:00:00.000Z')),
    ])
      .when(undefined)
      .thenAnswers({ pendingPosts: 1, pendingReports: 1, users: 2, boosts: 1 }));
});
