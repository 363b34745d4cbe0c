import { Query } from '@nestjs/cqrs';
import type { AuditFilter, AuditRow } from '../list-audit/list-audit.query';

export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** The audit log's entries for a file: the same filters, newest first, at most 10,000 rows. */
export class ExportAuditQuery extends Query<AuditRow[]> {
  constructor(readonly filter: AuditFilter) {
    super();
  }
}
