import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BOOSTS } from '../../../projections/boosts/boosts.projection';
import { POSTS } from '../../../projections/posts/posts.projection';
import { REPORTS } from '../../../projections/reports/reports.projection';
import { USERS } from '../../../projections/users/users.projection';
import { AdminReads } from '../admin-reads';
import { type DashboardCounts, GetDashboardCountsQuery } from './get-dashboard-counts.query';

@QueryHandler(GetDashboardCountsQuery)
export class GetDashboardCountsHandler implements IQueryHandler<
  GetDashboardCountsQuery,
  DashboardCounts
> {
  constructor(private readonly reads: AdminReads) {}

  async execute(): Promise<DashboardCounts> {
    const now = this.reads.now().toISOString();
    const [pendingPosts, pendingReports, users, boosts] = await Promise.all([
      this.reads.count(POSTS, { pendingReview: 1 }),
      this.reads.count(REPORTS, { pending: 1 }),
      this.reads.count(USERS, {}),
      this.reads.count(BOOSTS, { status: 'active', expiresAt: { $gt: now } }),
    ]);
    return { pendingPosts, pendingReports, users, boosts };
  }
}
