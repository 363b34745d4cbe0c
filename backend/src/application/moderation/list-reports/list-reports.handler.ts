import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  REPORT_QUEUE_SORT,
  REPORTS,
  type ReportDocument,
} from '../../../projections/reports/reports.projection';
import { type Filter, READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { decoratedPage, pageOf, type Paged } from '../admin-lists';
import { AdminPeople, type ReportRow } from '../admin-people';
import { ListReportsQuery } from './list-reports.query';

@QueryHandler(ListReportsQuery)
export class ListReportsHandler implements IQueryHandler<ListReportsQuery, Paged<ReportRow>> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly people: AdminPeople,
  ) {}

  async execute({ status, postId, authorId, page }: ListReportsQuery): Promise<Paged<ReportRow>> {
    const filter: Filter = {};
    if (status !== 'all') filter.status = status;
    if (postId) filter.postId = postId;
    if (authorId) filter.authorId = authorId;
    const reports = await pageOf<ReportDocument>(
      this.readStore,
      REPORTS,
      filter,
      REPORT_QUEUE_SORT,
      page,
    );
    return decoratedPage(reports, (items) => this.people.reportRows(items));
  }
}
