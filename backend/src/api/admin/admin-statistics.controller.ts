import { Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { GetDashboardCountsQuery } from '../../application/moderation/get-dashboard-counts/get-dashboard-counts.query';
import { GetStatisticsQuery } from '../../application/moderation/get-statistics/get-statistics.query';
import { Refusals } from '../shared/openapi';
import { ADMIN_ONLY, AdminApi } from './admin-api';
import { StatisticsQueryDto } from './admin-statistics.dto';
import { DashboardCountsResponse, StatisticsResponse } from './admin-statistics.view';

/** Figures: the dashboard's counts, and activity and revenue over time. */
@AdminApi()
export class AdminStatisticsController {
  constructor(private readonly queryBus: QueryBus) {}

  @ApiOperation({ operationId: 'Admin_dashboard', summary: 'Counts for the dashboard tabs' })
  @ApiOkResponse({ type: DashboardCountsResponse })
  @Refusals(ADMIN_ONLY)
  @Get('dashboard')
  @Header('Cache-Control', 'no-store')
  dashboard(): Promise<DashboardCountsResponse> {
    return this.queryBus.execute(new GetDashboardCountsQuery());
  }

  @ApiOperation({
    operationId: 'Admin_statistics',
    summary: 'Activity and revenue per day and per ISO week',
  })
  @ApiOkResponse({ type: StatisticsResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'Bad dates, or more than 366 days' })
  @Get('statistics')
  @Header('Cache-Control', 'no-store')
  async statistics(@Query() query: StatisticsQueryDto): Promise<StatisticsResponse> {
    // The day documents carry the counters the response names (the read model's type is open).
    return (await this.queryBus.execute(
      new GetStatisticsQuery(query.from, query.to),
    )) as unknown as StatisticsResponse;
  }
}
