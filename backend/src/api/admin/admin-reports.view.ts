import { ApiProperty } from '@nestjs/swagger';
import type { ReportRow } from '../../application/moderation/admin-reads';
import { REPORT_CATEGORIES, type ReportCategory } from '../../domain/report/report.decider';
import { AdminPostResponse, toAdminPost } from './admin-posts.view';
import { pageFields, PersonResponse } from './admin-shared.view';

export class AdminReportResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) postId!: string;
  post!: AdminPostResponse | null;
  reporter!: PersonResponse | null;
  /** The post’s author */
  author!: PersonResponse | null;
  @ApiProperty({ format: 'uuid' }) reporterId!: string;
  @ApiProperty({ format: 'uuid' }) authorId!: string;
  /** What is wrong, as the reporter chose it (`other` for reports made before categories) */
  @ApiProperty({ enum: REPORT_CATEGORIES })
  category!: ReportCategory;
  /**
   * The reporter’s own words: empty when none were given, null once the reporter erased the account
   */
  reason!: string | null;
  status!: 'pending' | 'reviewed' | 'dismissed';
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time' }) reviewedAt!: string | null;
  /** The reviewing admin’s username */
  reviewedBy!: string | null;
  hidePost!: boolean;
  note!: string | null;
}

export function toAdminReport(row: ReportRow): AdminReportResponse {
  const { report } = row;
  return {
    id: report._id,
    postId: report.postId,
    post: row.post ? toAdminPost(row.post) : null,
    reporter: row.reporter,
    author: row.author,
    reporterId: report.reporterId,
    authorId: report.authorId,
    category: report.category ?? 'other',
    reason: report.reason ?? null,
    status: report.status,
    createdAt: report.createdAt,
    reviewedAt: report.reviewedAt,
    reviewedBy: row.reviewedBy,
    hidePost: report.hidePost,
    note: report.note,
  };
}

export class AdminReportPage extends pageFields() {
  items!: AdminReportResponse[];
}
