import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  REPORT_QUEUE_SORT,
  REPORTS,
  type ReportDocument,
} from '../../../projections/reports/reports.projection';
import { type Filter } from '../../ports/read-store.port';
import { decoratedPage, type Paged } from '../admin-lists';
import { AdminReads, type ReportRow } from '../admin-reads';
import { ListReportsQuery } from './list-reports.query';

@QueryHandler(ListReportsQuery)
export class ListReportsHandler implements IQueryHandler<ListReportsQuery, Paged<ReportRow>> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ status, postId, authorId, page }: ListReportsQuery): Promise<Paged<ReportRow>> {
    const filter: Filter = {};
    if (status !== 'all') filter.status = status;
    if (postId) filter.postId = postId;
    if (authorId) filter.authorId = authorId;
    const reports = await this.reads.page<ReportDocument>(REPORTS, filter, REPORT_QUEUE_SORT, page);
    return decoratedPage(reports, (items) => this.reads.reportRows(items));
  }
}
