import { Query } from '@nestjs/cqrs';
import type { Page, Paged } from '../admin-lists';
import type { ReportRow } from '../admin-reads';

export type ReportFilter = 'all' | 'pending' | 'reviewed' | 'dismissed';

/**
 * Reports, pending first, with their post and people; `authorId` keeps the reports against one
 * account's posts (an account's page).
 */
export class ListReportsQuery extends Query<Paged<ReportRow>> {
  constructor(
    readonly status: ReportFilter,
    readonly postId: string | undefined,
    readonly authorId: string | undefined,
    readonly page: Page,
  ) {
    super();
  }
}
