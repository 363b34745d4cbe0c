import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { REPORT_NOT_FOUND } from '../../../domain/report/report.decider';
import { REPORTS, type ReportDocument } from '../../../projections/reports/reports.projection';
import { AdminReads, type ReportRow } from '../admin-reads';
import { GetReportQuery } from './get-report.query';

@QueryHandler(GetReportQuery)
export class GetReportHandler implements IQueryHandler<GetReportQuery, ReportRow> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ reportId }: GetReportQuery): Promise<ReportRow> {
    const report = await this.reads.one<ReportDocument>(
      REPORTS,
      { _id: reportId },
      REPORT_NOT_FOUND,
    );
    return (await this.reads.reportRows([report]))[0];
  }
}
