import { assertNever, type Decider } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import type { DomainEvent } from '../shared/event';

/**
 * Reports by one account on one post share a stream (`report-<postId>-<userId>`): the first
 * appends with `no_stream`, and while a report is pending (until an admin reviews it) another
 * is refused, also when two arrive at once.
 */
export const MAX_REPORT_REASON_LENGTH = 500;
export const REPORT_REASON_REQUIRED = 'Please provide a reason for reporting this post';
export const REPORT_REASON_TOO_LONG = `Reason must be at most ${MAX_REPORT_REASON_LENGTH} characters`;
export const OWN_POST_REPORT = 'You cannot report your own post';
export const ALREADY_REPORTED = 'You have already reported this post';

/**
 * What is wrong with a reported post, the first thing a moderator reads. The rules the site
 * promises (feet only, no faces, people or nudity, adults only, one's own photos) come first.
 */
export const REPORT_CATEGORIES = [
  'face_or_person',
  'nudity',
  'not_feet',
  'not_own_photo',
  'minor',
  'spam',
  'harassment',
  'other',
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const REPORT_CATEGORY_INVALID = `Category must be one of: ${REPORT_CATEGORIES.join(', ')}`;

export function isReportCategory(value: unknown): value is ReportCategory {
  return REPORT_CATEGORIES.includes(value as ReportCategory);
}

/**
 * `category` is absent on reports made before categories (read as `other`); `reason` is the
 * reporter's own words, empty when a category was chosen and nothing was added.
 */
export type PostReported = DomainEvent<
  'PostReported',
  {
    reportId: string;
    postId: string;
    userId: string;
    authorId: string;
    category?: ReportCategory;
    reason: string;
  }
>;

export const REPORT_NOT_FOUND = 'Report not found';
export const REPORT_ALREADY_REVIEWED = 'This report has already been reviewed';
export const REPORT_STATUSES = ['reviewed', 'dismissed'] as const;
export type ReportReviewStatus = (typeof REPORT_STATUSES)[number];

/**
 * An admin's verdict on a pending report: `reviewed` (the report was right) or `dismissed`.
 * `hidePost` records that the same step hid the post (its own event on the post's stream).
 * `postDeleted`: the author deleted the post before anyone judged the report, which is closed
 * as `reviewed` (the post is gone) without a verdict on the author: no strike.
 */
export type ReportReviewed = DomainEvent<
  'ReportReviewed',
  {
    reportId: string;
    postId: string;
    userId: string;
    authorId: string;
    status: ReportReviewStatus;
    hidePost: boolean;
    note: string | null;
    postDeleted?: true;
  }
>;

export type ReportEvent = PostReported | ReportReviewed;

export type ReportState = {
  pendingReportId: string | null;
  /** The pending report's post, reporter and author. */
  pending: { postId: string; userId: string; authorId: string } | null;
  /** Every report of this stream that was reviewed, so a second verdict is a 409. */
  reviewedIds: string[];
};

/**
 * A report names a category, with optional words; a report with words alone (clients made
 * before categories) is one of the `other` category, and then needs the words.
 */
export interface ReportPost {
  type: 'ReportPost';
  data: {
    reportId: string;
    postId: string;
    userId: string;
    authorId: string;
    category: ReportCategory | null;
    reason: string;
  };
}

export interface ReviewReport {
  type: 'ReviewReport';
  data: {
    reportId: string;
    status: ReportReviewStatus;
    hidePost: boolean;
    note?: string | null;
    /** Closed because its author deleted the post (see ReportReviewed). */
    postDeleted?: true;
  };
}

export type ReportCommand = ReportPost | ReviewReport;

export function reportStreamId(postId: string, userId: string): string {
  return `report-${postId}-${userId}`;
}

export const reportDecider: Decider<ReportCommand, ReportState, ReportEvent> = {
  initialState: { pendingReportId: null, pending: null, reviewedIds: [] },

  decide(command, state) {
    switch (command.type) {
      case 'ReportPost': {
        const { reportId, postId, userId, authorId } = command.data;
        const chosen = command.data.category;
        if (chosen !== null && !isReportCategory(chosen)) {
          throw new ValidationError(REPORT_CATEGORY_INVALID);
        }
        const reason = (command.data.reason ?? '').trim();
        if (chosen === null && reason.length === 0) {
          throw new ValidationError(REPORT_REASON_REQUIRED);
        }
        const category = chosen ?? 'other';
        if ([...reason].length > MAX_REPORT_REASON_LENGTH) {
          throw new ValidationError(REPORT_REASON_TOO_LONG);
        }
        if (userId === authorId) throw new ForbiddenError(OWN_POST_REPORT);
        if (state.pendingReportId === reportId) return [];
        if (state.pendingReportId !== null) throw new ConflictError(ALREADY_REPORTED);
        return [
          {
            type: 'PostReported',
            data: { reportId, postId, userId, authorId, category, reason },
          },
        ];
      }
      case 'ReviewReport': {
        const { reportId, status, hidePost } = command.data;
        if (!REPORT_STATUSES.includes(status)) {
          throw new ValidationError('Status must be reviewed or dismissed');
        }
        if (state.reviewedIds.includes(reportId)) throw new ConflictError(REPORT_ALREADY_REVIEWED);
        if (state.pendingReportId !== reportId || state.pending === null) {
          throw new NotFoundError(REPORT_NOT_FOUND);
        }
        const note = command.data.note?.trim() || null;
        if (note !== null && [...note].length > MAX_REPORT_REASON_LENGTH) {
          throw new ValidationError(
            `A note must be at most ${MAX_REPORT_REASON_LENGTH} characters`,
          );
        }
        const data = { reportId, ...state.pending, status, hidePost: hidePost === true, note };
        return [
          {
            type: 'ReportReviewed',
            data: command.data.postDeleted ? { ...data, postDeleted: true } : data,
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PostReported': {
        const { reportId, postId, userId, authorId } = event.data;
        return { ...state, pendingReportId: reportId, pending: { postId, userId, authorId } };
      }
      case 'ReportReviewed':
        return {
          pendingReportId: null,
          pending: null,
          reviewedIds: [...state.reviewedIds, event.data.reportId],
        };
      default:
        return assertNever(event);
    }
  },
};
