import { Query } from '@nestjs/cqrs';

export interface DashboardCounts {
  pendingPosts: number;
  pendingReports: number;
  users: number;
  /** Boosts running now. */
  boosts: number;
}

export class GetDashboardCountsQuery extends Query<DashboardCounts> {}
