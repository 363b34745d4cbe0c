import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { BOOSTS } from '../../../projections/boosts/boosts.projection';
import { POSTS } from '../../../projections/posts/posts.projection';
import { REPORTS } from '../../../projections/reports/reports.projection';
import { USERS } from '../../../projections/users/users.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { GetDashboardCountsHandler } from './get-dashboard-counts.handler';

describe('the dashboard counts', () => {
  it('counts what waits for review, the accounts and the boosts running now', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(
      POSTS,
      { _id: id(1), pendingReview: 1 },
      { _id: id(2), pendingReview: 0 },
    );
    await world.documents(REPORTS, { _id: id(3), pending: 1 });
    await world.documents(USERS, { _id: id(4) }, { _id: id(5) });
    await world.documents(
      BOOSTS,
      { _id: id(6), status: 'active', expiresAt: '2026-11-24T00:00:00.000Z' },
      // Ran out an hour ago, not swept yet: not running.
      { _id: id(7), status: 'active', expiresAt: '2026-11-23T09:00:00.000Z' },
    );
    const counts = await new GetDashboardCountsHandler(world.adminReads).execute();
    expect(counts).toEqual({ pendingPosts: 1, pendingReports: 1, users: 2, boosts: 1 });
  });
});
