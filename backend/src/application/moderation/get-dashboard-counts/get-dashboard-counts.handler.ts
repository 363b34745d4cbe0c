import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BOOSTS } from '../../../projections/boosts/boosts.projection';
import { POSTS } from '../../../projections/posts/posts.projection';
import { REPORTS } from '../../../projections/reports/reports.projection';
import { USERS } from '../../../projections/users/users.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { type DashboardCounts, GetDashboardCountsQuery } from './get-dashboard-counts.query';

@QueryHandler(GetDashboardCountsQuery)
export class GetDashboardCountsHandler implements IQueryHandler<
  GetDashboardCountsQuery,
  DashboardCounts
> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(): Promise<DashboardCounts> {
    const now = this.clock.now().toISOString();
    const [pendingPosts, pendingReports, users, boosts] = await Promise.all([
      this.readStore.count(POSTS, { pendingReview: 1 }),
      this.readStore.count(REPORTS, { pending: 1 }),
      this.readStore.count(USERS, {}),
      this.readStore.count(BOOSTS, { status: 'active', expiresAt: { $gt: now } }),
    ]);
    return { pendingPosts, pendingReports, users, boosts };
  }
}
