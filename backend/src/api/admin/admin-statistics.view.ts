import { ApiProperty } from '@nestjs/swagger';

export class DashboardCountsResponse {
  @ApiProperty({ description: 'Posts pending review' }) pendingPosts!: number;
  @ApiProperty() pendingReports!: number;
  @ApiProperty() users!: number;
  @ApiProperty({ description: 'Boosts running now' })
  boosts!: number;
}

export class StatisticsRowResponse {
  @ApiProperty() uploads!: number;
  @ApiProperty({ description: 'Community ratings cast, held ones included' }) ratings!: number;
  @ApiProperty({
    description:
      'Community ratings that began to count: cast by an account whose votes count, or released from a hold',
  })
  countedRatings!: number;
  @ApiProperty() posts!: number;
  @ApiProperty() users!: number;
  @ApiProperty() likes!: number;
  @ApiProperty() comments!: number;
  @ApiProperty() reports!: number;
  @ApiProperty() boostsSold!: number;
  @ApiProperty({ description: 'Cents' }) boostRevenue!: number;
  @ApiProperty() donations!: number;
  @ApiProperty({ description: 'Cents' }) donationRevenue!: number;
  @ApiProperty() refunds!: number;
  @ApiProperty({ description: 'Cents' }) refundedAmount!: number;
}

export class StatisticsDayResponse extends StatisticsRowResponse {
  @ApiProperty({ example: '2026-11-22' }) day!: string;
}

export class StatisticsWeekResponse extends StatisticsRowResponse {
  @ApiProperty({ example: '2026-W47' }) week!: string;
}

export class StatisticsResponse {
  @ApiProperty() from!: string;
  @ApiProperty() to!: string;
  @ApiProperty({ type: [StatisticsDayResponse] }) days!: StatisticsDayResponse[];
  @ApiProperty({ type: [StatisticsWeekResponse] }) weeks!: StatisticsWeekResponse[];
}
