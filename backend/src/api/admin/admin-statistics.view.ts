import { ApiProperty } from '@nestjs/swagger';

export class DashboardCountsResponse {
  /** Posts pending review */
  pendingPosts!: number;
  pendingReports!: number;
  users!: number;
  /** Boosts running now */
  boosts!: number;
}

export class StatisticsRowResponse {
  uploads!: number;
  /** Community ratings cast, held ones included */
  ratings!: number;
  /**
   * Community ratings that began to count: cast by an account whose votes count, or released from a
   * hold
   */
  countedRatings!: number;
  posts!: number;
  users!: number;
  likes!: number;
  comments!: number;
  reports!: number;
  boostsSold!: number;
  /** Cents */
  boostRevenue!: number;
  donations!: number;
  /** Cents */
  donationRevenue!: number;
  refunds!: number;
  /** Cents */
  refundedAmount!: number;
}

export class StatisticsDayResponse extends StatisticsRowResponse {
  @ApiProperty({ example: '2026-11-22' }) day!: string;
}

export class StatisticsWeekResponse extends StatisticsRowResponse {
  @ApiProperty({ example: '2026-W47' }) week!: string;
}

export class StatisticsResponse {
  from!: string;
  to!: string;
  days!: StatisticsDayResponse[];
  weeks!: StatisticsWeekResponse[];
}
