import {
  isReportCategory,
  type PostReported,
  type ReportCategory,
  type ReportReviewed,
  type ReportReviewStatus,
} from '../../domain/report/report.decider';
import type { RecordedEvent } from '../../domain/shared/event';
import type { AccountErased } from '../../domain/user/user.events';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const REPORTS = 'reports';

/** A report as the admins' queue shows it: pending ones first, newest first within each. */
export interface ReportDocument extends ReadDocument {
  postId: string;
  reporterId: string;
  authorId: string;
  /** What is wrong, as the reporter chose it; `other` for reports made before categories. */
  category: ReportCategory;
  /** The reporter's own words: empty when none were given, null once the reporter erased. */
  reason: string | null;
  status: 'pending' | ReportReviewStatus;
  /** 1 while pending, else 0: leads the queue's index so pending reports come first. */
  pending: number;
  createdAt: string;
  reviewedAt: string | null;
  /** The admin who decided; null when the site settled it (the post was removed or deleted). */
  reviewedBy: string | null;
  hidePost: boolean;
  note: string | null;
}

/** The queue's order: pending first, then newest. */
export const REPORT_QUEUE_SORT = { pending: -1, createdAt: -1 } as const;

type Handled =
  | RecordedEvent<'PostReported', PostReported['data']>
  | RecordedEvent<'ReportReviewed', ReportReviewed['data']>
  | RecordedEvent<'AccountErased', AccountErased['data']>;

export const reportsProjection: Projection<ReportDocument> = {
  collection: REPORTS,
  handles: ['PostReported', 'ReportReviewed', 'AccountErased'],
  indexes: [
    { keys: REPORT_QUEUE_SORT },
    { keys: { status: 1, createdAt: -1 } },
    { keys: { postId: 1, ...REPORT_QUEUE_SORT } },
    { keys: { authorId: 1, ...REPORT_QUEUE_SORT } },
    // An erasure: the reports the account filed.
    { keys: { reporterId: 1 } },
  ],

  documentId(recorded) {
    const event = recorded as Handled;
    if (event.type === 'AccountErased') {
      // The reports the erased account filed: their reasons are its words.
      const reports = event.data?.reports;
      return Array.isArray(reports)
        ? reports.filter((id): id is string => typeof id === 'string')
        : null;
    }
    const reportId = (event.data as { reportId?: unknown } | null)?.reportId;
    return typeof reportId === 'string' ? reportId : null;
  },

  apply(report, recorded) {
    const event = recorded as Handled;
    if (event.type === 'PostReported') {
      if (report) return report;
      return {
        _id: event.data.reportId,
        postId: event.data.postId,
        reporterId: event.data.userId,
        authorId: event.data.authorId,
        category: isReportCategory(event.data.category) ? event.data.category : 'other',
        // Null once the reporter erased the account (the reason is theirs).
        reason: event.data.reason ?? null,
        status: 'pending',
        pending: 1,
        createdAt: recorded.metadata.at,
        reviewedAt: null,
        reviewedBy: null,
        hidePost: false,
        note: null,
      };
    }
    if (!report) return null;
    if (event.type === 'AccountErased') {
      return report.reporterId === event.data.userId ? { ...report, reason: null } : report;
    }
    return {
      ...report,
      status: event.data.status === 'dismissed' ? 'dismissed' : 'reviewed',
      pending: 0,
      reviewedAt: recorded.metadata.at,
      reviewedBy:
        recorded.metadata.actor?.type === 'admin' ? (recorded.metadata.actor.id ?? null) : null,
      hidePost: event.data.hidePost === true,
      note: event.data.note ?? null,
    };
  },
};
