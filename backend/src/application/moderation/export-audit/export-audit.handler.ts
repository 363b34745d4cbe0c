import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ListAuditHandler } from '../list-audit/list-audit.handler';
import { ListAuditQuery, type AuditRow } from '../list-audit/list-audit.query';
import { AUDIT_EXPORT_MAX_ROWS, ExportAuditQuery } from './export-audit.query';

const BATCH = 100;

/** Reads the log page by page, as the list does, until the rows run out or reach the cap. */
@QueryHandler(ExportAuditQuery)
export class ExportAuditHandler implements IQueryHandler<ExportAuditQuery, AuditRow[]> {
  constructor(private readonly list: ListAuditHandler) {}

  async execute({ filter }: ExportAuditQuery): Promise<AuditRow[]> {
    const rows: AuditRow[] = [];
    for (let page = 1; rows.length < AUDIT_EXPORT_MAX_ROWS; page += 1) {
      const batch = await this.list.execute(new ListAuditQuery(filter, { page, pageSize: BATCH }));
      rows.push(...batch.items);
      if (batch.items.length < BATCH) break;
    }
    return rows;
  }
}
