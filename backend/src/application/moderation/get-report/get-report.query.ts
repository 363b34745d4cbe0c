import { Query } from '@nestjs/cqrs';
import type { ReportRow } from '../admin-reads';

/** One report with its post and people (the answer to a review). */
export class GetReportQuery extends Query<ReportRow> {
  constructor(readonly reportId: string) {
    super();
  }
}
