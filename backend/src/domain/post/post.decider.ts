import { assertNever, type Decider } from '../shared/decider';
import {
  ConflictError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';
import type { CommandMetadata } from '../shared/event';
import { moderationReason } from '../shared/moderation';
import type { GateVerdict } from '../photo-rating/photo-rating.events';
import type { ReportReviewStatus } from '../report/report.decider';
import { type Reporter, reporterStanding } from '../report/report-standing';
import type { AiRating, HeldForReview, PostEvent, PostImage } from './post.events';
import { recordedVersion } from './photo-fingerprint';
import {
  countedReporters,
  EMPTY_TALLY,
  type ReportTally,
  withAllOverruled,
  withSettled,
  withTallied,
} from './report-tally';

export const POST_NOT_FOUND = 'Post not found';

export function postStreamId(postId: string): string {
  return `post-${postId}`;
}
export const ALREADY_PUBLISHED = 'This rating has already been posted to the leaderboard';
export const NOT_YOUR_POST = 'You can only delete your own posts';

/**
 * One stream per post (`post-<postId>`). A post published from a rating takes the rating's id,
 * so its stream doubles as the rating's "published once" reservation: the first publish appends
 * to a stream that does not exist yet (`no_stream`), and any other, in parallel or later, finds
 * it taken, even after the post was deleted.
 */
export type PostState =
  | { status: 'none' }
  | {
      status: 'published';
      authorId: string;
      contentHash: string;
      imageHash: string;
      fingerprint?: string[];
      fingerprintVersion: number;
      isModerated: boolean;
      isPublic: boolean;
      autoHidden: boolean;
      /** Held for review: public only once an admin approves it. */
      held: boolean;
      /** Its reports as the auto-hide counts them. */
      reports: ReportTally;
    }
  | { status: 'deleted'; authorId: string }
  | { status: 'removed'; authorId: string };

export const AUTO_HIDE_ENDED = 'A report of this post was reviewed';
export const APPROVAL_ENDED_AUTO_HIDE = 'An admin approved this post';
export const ALREADY_APPROVED = 'This post has already been approved';

export interface PublishPost {
  type: 'PublishPost';
  data: {
    postId: string;
    authorId: string;
    image: PostImage;
    ai: AiRating | null;
    /** Earlier posts of the same photo by other accounts (a re-post to moderate). */
    similarTo: string[];
    /** The content gate's verdict on the photo; null when it was not judged (older ratings). */
    gate: GateVerdict | null;
    /** Every new post waits for an admin (`POSTS_REQUIRE_APPROVAL`). */
    requireApproval: boolean;
  };
}

export interface DeletePost {
  type: 'DeletePost';
  data: { postId: string; userId: string };
}

export interface ApprovePost {
  type: 'ApprovePost';
  data: { postId: string };
}

export interface SetPostVisibility {
  type: 'SetPostVisibility';
  data: { postId: string; isPublic: boolean; reason?: string | null };
}

export interface RemovePost {
  type: 'RemovePost';
  data: { postId: string; reason: string };
}

/**
 * A member reported the post: the report joins the post's tally, counting when the reporter is
 * in good standing (`reporter`, read when the report was made) and not overruled on this post;
 * `threshold` counting reports hide the post (`REPORT_AUTO_HIDE`).
 */
export interface TallyReport {
  type: 'TallyReport';
  data: {
    postId: string;
    reportId: string;
    reporterId: string;
    reporter: Reporter | null;
    minAccountAgeMs: number;
    threshold: number;
  };
  metadata: CommandMetadata;
}

/**
 * A moderator's verdict on a report of the post: it leaves the tally (a dismissal overrules its
 * reporter on this post), and with `endAutoHide` an auto-hide ends (an admin's hiding stays).
 */
export interface SettleReport {
  type: 'SettleReport';
  data: {
    postId: string;
    reportId: string;
    reporterId: string;
    status: ReportReviewStatus;
    endAutoHide: boolean;
  };
}

/** The back-fill's new fingerprint of the post's stored photo (see `PostFingerprinted`). */
export interface RecordFingerprint {
  type: 'RecordFingerprint';
  data: { postId: string; fingerprint: string[]; fingerprintVersion: number };
}

export type PostCommand =
  | PublishPost
  | DeletePost
  | RecordFingerprint
  | ApprovePost
  | SetPostVisibility
  | RemovePost
  | TallyReport
  | SettleReport;

export const postDecider: Decider<PostCommand, PostState, PostEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'PublishPost': {
        // Its author publishing it again (a double click, a retried request): it is there.
        if (state.status === 'published' && state.authorId === command.data.authorId) return [];
        if (state.status !== 'none') throw new ConflictError(ALREADY_PUBLISHED);
        const { postId, authorId, image, ai, similarTo } = command.data;
        const heldForReview = holdOf(command.data);
        return [
          {
            type: 'PostPublished',
            data: {
              postId,
              authorId,
              image,
              ai,
              similarTo,
              ...(heldForReview && { heldForReview }),
            },
          },
        ];
      }
      case 'DeletePost': {
        if (state.status !== 'published') throw new NotFoundError(POST_NOT_FOUND);
        if (state.authorId !== command.data.userId) throw new ForbiddenError(NOT_YOUR_POST);
        return [
          {
            type: 'PostDeleted',
            data: {
              postId: command.data.postId,
              authorId: state.authorId,
              contentHash: state.contentHash,
              imageHash: state.imageHash,
              ...(state.fingerprint && { fingerprint: state.fingerprint }),
            },
          },
        ];
      }
      case 'RecordFingerprint': {
        // Only a post still shown needs finding again; an older version never replaces a newer.
        const { postId, fingerprint, fingerprintVersion } = command.data;
        if (state.status !== 'published' || state.fingerprintVersion >= fingerprintVersion) {
          return [];
        }
        const keys = [...new Set([...(state.fingerprint ?? []), ...fingerprint])];
        return [
          {
            type: 'PostFingerprinted',
            data: {
              postId,
              authorId: state.authorId,
              imageHash: state.imageHash,
              fingerprint: keys,
              fingerprintVersion,
            },
          },
        ];
      }
      case 'ApprovePost': {
        if (state.status !== 'published') throw new NotFoundError(POST_NOT_FOUND);
        if (state.isModerated) throw new ConflictError(ALREADY_APPROVED);
        const { postId } = command.data;
        const approved: PostEvent = {
          type: 'PostApproved',
          data: { postId, authorId: state.authorId },
        };
        if (!state.autoHidden) return [approved];
        // Approving a post its reports hid says it may be seen: the auto-hide ends with it.
        return [
          approved,
          {
            type: 'PostVisibilityChanged',
            data: {
              postId,
              authorId: state.authorId,
              isPublic: true,
              reason: APPROVAL_ENDED_AUTO_HIDE,
            },
          },
        ];
      }
      case 'SetPostVisibility': {
        if (state.status !== 'published') throw new NotFoundError(POST_NOT_FOUND);
        const reason = moderationReason(command.data.reason, false);
        const { isPublic } = command.data;
        if (typeof isPublic !== 'boolean')
          throw new ValidationError('isPublic must be true or false');
        // Showing an auto-hidden post is a decision too: it ends the auto-hide.
        if (state.isPublic === isPublic && !(isPublic && state.autoHidden)) return [];
        return [
          {
            type: 'PostVisibilityChanged',
            data: { postId: command.data.postId, authorId: state.authorId, isPublic, reason },
          },
        ];
      }
      case 'RemovePost': {
        if (state.status !== 'published') throw new NotFoundError(POST_NOT_FOUND);
        const reason = moderationReason(command.data.reason, true) as string;
        return [
          {
            type: 'PostRemoved',
            data: { postId: command.data.postId, authorId: state.authorId, reason },
          },
        ];
      }
      case 'TallyReport': {
        const { postId, reportId, reporterId, reporter, minAccountAgeMs, threshold } = command.data;
        if (state.status !== 'published') return [];
        // Idempotent: a report already in the tally is not counted twice.
        if (state.reports.pending[reporterId]?.reportId === reportId) return [];
        const heldOut = reporterStanding(reporter, command.metadata.now, minAccountAgeMs);
        if (state.reports.overruled.includes(reporterId)) heldOut.push('overruled');
        const tallied: PostEvent = {
          type: 'PostReportTallied',
          data: { postId, reportId, reporterId, counts: heldOut.length === 0, heldOut },
        };
        const reporterIds = countedReporters(
          withTallied(state.reports, reporterId, reportId, heldOut),
        );
        // Once hidden (by reports or by an admin), or while held, there is nothing to hide.
        const hides =
          state.isPublic && !state.autoHidden && !state.held && reporterIds.length >= threshold;
        if (!hides) return [tallied];
        const reporterCount = reporterIds.length;
        return [
          tallied,
          {
            type: 'PostAutoHidden',
            data: { postId, authorId: state.authorId, reporterCount, reporterIds },
          },
        ];
      }
      case 'SettleReport': {
        const { postId, reportId, reporterId, status, endAutoHide } = command.data;
        if (state.status !== 'published') return [];
        const settled: PostEvent = {
          type: 'PostReportSettled',
          data: { postId, reportId, reporterId, status },
        };
        if (!endAutoHide || !state.autoHidden) return [settled];
        return [
          settled,
          {
            type: 'PostVisibilityChanged',
            data: { postId, authorId: state.authorId, isPublic: true, reason: AUTO_HIDE_ENDED },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PostPublished':
        return {
          status: 'published',
          authorId: event.data.authorId,
          contentHash: event.data.image.contentHash,
          imageHash: event.data.image.imageHash,
          ...(event.data.image.fingerprint && { fingerprint: event.data.image.fingerprint }),
          fingerprintVersion: recordedVersion(event.data.image),
          isModerated: false,
          isPublic: true,
          autoHidden: false,
          held: event.data.heldForReview !== undefined,
          reports: EMPTY_TALLY,
        };
      case 'PostDeleted':
        return { status: 'deleted', authorId: event.data.authorId };
      case 'PostFingerprinted': {
        if (state.status !== 'published') return state;
        const { fingerprint, fingerprintVersion } = event.data;
        return { ...state, fingerprint, fingerprintVersion };
      }
      case 'PostRemoved':
        return { status: 'removed', authorId: event.data.authorId };
      case 'PostApproved':
        // An admin looked at the post and let it be: the reports waiting now are overruled.
        return state.status === 'published'
          ? { ...state, isModerated: true, held: false, reports: withAllOverruled(state.reports) }
          : state;
      case 'PostVisibilityChanged': {
        if (state.status !== 'published') return state;
        const { isPublic } = event.data;
        // Shown again (by an admin, or by a verdict that ended an auto-hide): the same.
        const reports = isPublic ? withAllOverruled(state.reports) : state.reports;
        return { ...state, isPublic, autoHidden: false, reports };
      }
      case 'PostAutoHidden':
        return state.status === 'published' ? { ...state, autoHidden: true } : state;
      case 'PostReportTallied': {
        if (state.status !== 'published') return state;
        const { reporterId, reportId, heldOut } = event.data;
        return { ...state, reports: withTallied(state.reports, reporterId, reportId, heldOut) };
      }
      case 'PostReportSettled': {
        if (state.status !== 'published') return state;
        const { reporterId, reportId, status } = event.data;
        const dismissed = status === 'dismissed';
        return { ...state, reports: withSettled(state.reports, reporterId, reportId, dismissed) };
      }
      default:
        return assertNever(event);
    }
  },
};

/**
 * A new post is held when the content gate asked for a human look at its photo, when its photo
 * looks like other members' posts, or when every post waits for an admin; the gate's own reason
 * comes first, since it says more.
 */
function holdOf(data: PublishPost['data']): HeldForReview | null {
  const { gate, requireApproval, similarTo } = data;
  if (gate?.outcome === 'refuse') {
    throw new IllegalStateError('A photo the content gate refused is never posted');
  }
  if (gate?.outcome === 'review') return { reason: 'gate_review', gate };
  if (similarTo.length > 0) return { reason: 'repost_review', gate };
  if (requireApproval) return { reason: 'approval_required', gate };
  return null;
}
