import { assertNever, type Decider } from '../shared/decider';
import {
  ConflictError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';
import { moderationReason } from '../shared/moderation';
import type { GateVerdict } from '../photo-rating/photo-rating.events';
import type { AiRating, HeldForReview, PostEvent, PostImage } from './post.events';

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
      isModerated: boolean;
      isPublic: boolean;
      autoHidden: boolean;
      /** Held for review: public only once an admin approves it. */
      held: boolean;
    }
  | { status: 'deleted'; authorId: string }
  | { status: 'removed'; authorId: string };

export const AUTO_HIDE_ENDED = 'A report of this post was reviewed';
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

export interface AutoHidePost {
  type: 'AutoHidePost';
  data: { postId: string; reporterCount: number; threshold: number };
}

/** A report of the post was reviewed: an auto-hide ends (an admin's hiding stays). */
export interface EndAutoHide {
  type: 'EndAutoHide';
  data: { postId: string };
}

export type PostCommand =
  | EndAutoHide
  | PublishPost
  | DeletePost
  | ApprovePost
  | SetPostVisibility
  | RemovePost
  | AutoHidePost;

export const postDecider: Decider<PostCommand, PostState, PostEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'PublishPost': {
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
            },
          },
        ];
      }
      case 'ApprovePost': {
        if (state.status !== 'published') throw new NotFoundError(POST_NOT_FOUND);
        if (state.isModerated) throw new ConflictError(ALREADY_APPROVED);
        return [
          { type: 'PostApproved', data: { postId: command.data.postId, authorId: state.authorId } },
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
      case 'AutoHidePost': {
        const { postId, reporterCount, threshold } = command.data;
        // Idempotent: once hidden (by reports or by an admin) there is nothing to record.
        if (state.status !== 'published' || state.autoHidden || !state.isPublic) return [];
        if (reporterCount < threshold) return [];
        return [
          { type: 'PostAutoHidden', data: { postId, authorId: state.authorId, reporterCount } },
        ];
      }
      case 'EndAutoHide': {
        if (state.status !== 'published' || !state.autoHidden) return [];
        return [
          {
            type: 'PostVisibilityChanged',
            data: {
              postId: command.data.postId,
              authorId: state.authorId,
              isPublic: true,
              reason: AUTO_HIDE_ENDED,
            },
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
          isModerated: false,
          isPublic: true,
          autoHidden: false,
          held: event.data.heldForReview !== undefined,
        };
      case 'PostDeleted':
        return { status: 'deleted', authorId: event.data.authorId };
      case 'PostRemoved':
        return { status: 'removed', authorId: event.data.authorId };
      case 'PostApproved':
        return state.status === 'published' ? { ...state, isModerated: true, held: false } : state;
      case 'PostVisibilityChanged':
        return state.status === 'published'
          ? { ...state, isPublic: event.data.isPublic, autoHidden: false }
          : state;
      case 'PostAutoHidden':
        return state.status === 'published' ? { ...state, autoHidden: true } : state;
      default:
        return assertNever(event);
    }
  },
};

/**
 * A new post is held when the content gate asked for a human look at its photo, or when every
 * post waits for an admin; the gate's own reason comes first, since it says more.
 */
function holdOf(data: PublishPost['data']): HeldForReview | null {
  const { gate, requireApproval } = data;
  if (gate?.outcome === 'refuse') {
    throw new IllegalStateError('A photo the content gate refused is never posted');
  }
  if (gate?.outcome === 'review') return { reason: 'gate_review', gate };
  if (requireApproval) return { reason: 'approval_required', gate };
  return null;
}
