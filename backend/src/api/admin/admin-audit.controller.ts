import { Get, Header, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { ExportAuditQuery } from '../../application/moderation/export-audit/export-audit.query';
import {
  type AuditFilter,
  ListAuditQuery,
} from '../../application/moderation/list-audit/list-audit.query';
import { Refusals } from '../shared/openapi';
import { ADMIN_ONLY, AdminApi } from './admin-api';
import { AuditQueryDto } from './admin-audit.dto';
import { auditCsv, AuditPage, toAuditEntry } from './admin-audit.view';

/** The audit log, on screen or as a CSV file. */
@AdminApi()
export class AdminAuditController {
  constructor(private readonly queryBus: QueryBus) {}

  @ApiOperation({
    operationId: 'Admin_audit',
    summary:
      'The audit log: every admin action and payment event, newest first (format=csv: a CSV file of up to 10,000 rows with the same filters)',
  })
  @ApiOkResponse({
    type: AuditPage,
    description: 'JSON; with `format=csv`, `text/csv` with a header row instead',
  })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('audit')
  @Header('Cache-Control', 'no-store')
  async audit(
    @Query() query: AuditQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuditPage | string> {
    const filter: AuditFilter = {
      actor: query.actor,
      kind: query.kind,
      target: query.target,
      from: query.from,
      to: query.to,
    };
    if (query.format !== 'csv') {
      const page = await this.queryBus.execute(new ListAuditQuery(filter, query));
      return { ...page, items: page.items.map(toAuditEntry) };
    }
    const rows = await this.queryBus.execute(new ExportAuditQuery(filter));
    response.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="audit.csv"',
    });
    return auditCsv(rows.map(toAuditEntry));
  }
}
