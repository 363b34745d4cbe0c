import { assertNever, type Decider } from '../shared/decider';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors';
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

export type PostReported = DomainEvent<
  'PostReported',
  { reportId: string; postId: string; userId: string; authorId: string; reason: string }
>;

export type ReportEvent = PostReported;

export type ReportState = { pendingReportId: string | null };

export interface ReportPost {
  type: 'ReportPost';
  data: { reportId: string; postId: string; userId: string; authorId: string; reason: string };
}

export function reportStreamId(postId: string, userId: string): string {
  return `report-${postId}-${userId}`;
}

export const reportDecider: Decider<ReportPost, ReportState, ReportEvent> = {
  initialState: { pendingReportId: null },

  decide(command, state) {
    switch (command.type) {
      case 'ReportPost': {
        const { reportId, postId, userId, authorId } = command.data;
        const reason = command.data.reason.trim();
        if (reason.length === 0) throw new ValidationError(REPORT_REASON_REQUIRED);
        if ([...reason].length > MAX_REPORT_REASON_LENGTH) {
          throw new ValidationError(REPORT_REASON_TOO_LONG);
        }
        if (userId === authorId) throw new ForbiddenError(OWN_POST_REPORT);
        if (state.pendingReportId === reportId) return [];
        if (state.pendingReportId !== null) throw new ConflictError(ALREADY_REPORTED);
        return [{ type: 'PostReported', data: { reportId, postId, userId, authorId, reason } }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'PostReported':
        return { pendingReportId: event.data.reportId };
      default:
        return assertNever(event.type);
    }
  },
};
