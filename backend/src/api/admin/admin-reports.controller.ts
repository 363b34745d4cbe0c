import { Body, Get, Header, Param, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { AdminSession } from '../../application/accounts/account-reads';
import { GetReportQuery } from '../../application/moderation/get-report/get-report.query';
import { ListReportsQuery } from '../../application/moderation/list-reports/list-reports.query';
import { ReviewReportCommand } from '../../application/moderation/review-report/review-report.command';
import { CurrentSession } from '../auth/session.guard';
import { Refusals } from '../shared/openapi';
import { actOf, ADMIN_ONLY, AdminApi } from './admin-api';
import { AdminReportsQueryDto, PatchReportDto } from './admin-reports.dto';
import { AdminReportPage, AdminReportResponse, toAdminReport } from './admin-reports.view';
import { RequestId } from '../shared/request-id';

/** The report queue: reviewed or dismissed, the post hidden in the same step if asked. */
@AdminApi()
export class AdminReportsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @ApiOperation({ operationId: 'Admin_reports', summary: 'Reports, pending first, filtered' })
  @ApiOkResponse({ type: AdminReportPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('reports')
  @Header('Cache-Control', 'no-store')
  async reports(@Query() query: AdminReportsQueryDto): Promise<AdminReportPage> {
    const page = await this.queryBus.execute(
      new ListReportsQuery(query.status, query.postId, query.authorId, query),
    );
    return { ...page, items: page.items.map(toAdminReport) };
  }

  @ApiOperation({
    operationId: 'Admin_patchReport',
    summary: 'Review or dismiss a pending report (hidePost hides the post in the same step)',
  })
  @ApiOkResponse({ type: AdminReportResponse })
  @Refusals({
    ...ADMIN_ONLY,
    400: 'status is not reviewed or dismissed',
    404: 'Report not found',
    409: 'This report has already been reviewed',
  })
  @Patch('reports/:id')
  async patchReport(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: PatchReportDto,
    @RequestId() requestId: string,
  ): Promise<AdminReportResponse> {
    await this.commandBus.execute(
      new ReviewReportCommand(
        actOf(session, requestId),
        id,
        body.status,
        body.hidePost === true,
        body.note ?? null,
      ),
    );
    return toAdminReport(await this.queryBus.execute(new GetReportQuery(id)));
  }
}
