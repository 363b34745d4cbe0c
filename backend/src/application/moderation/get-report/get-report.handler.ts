import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { REPORT_NOT_FOUND } from '../../../domain/report/report.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { REPORTS, type ReportDocument } from '../../../projections/reports/reports.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { AdminPeople, type ReportRow } from '../admin-people';
import { GetReportQuery } from './get-report.query';

@QueryHandler(GetReportQuery)
export class GetReportHandler implements IQueryHandler<GetReportQuery, ReportRow> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly people: AdminPeople,
  ) {}

  async execute({ reportId }: GetReportQuery): Promise<ReportRow> {
    const report = await this.readStore.findOne<ReportDocument>(REPORTS, { _id: reportId });
    if (!report) throw new NotFoundError(REPORT_NOT_FOUND);
    return (await this.people.reportRows([report]))[0];
  }
}
