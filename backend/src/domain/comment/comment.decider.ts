import { assertNever, type Decider } from '../shared/decider';
import { ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import type { CommandMetadata, DomainEvent } from '../shared/event';
import { moderationReason } from '../shared/moderation';
import { drawsNothing, memberText } from '../shared/member-text';
import { type CommentContext, type CommentRefusalReason, screenComment } from './comment-filter';

/**
 * A thread: a top-level comment and its replies share one stream (`comment-<threadId>`, the
 * top-level comment's id). Replies go one level deep; a reply to a reply joins its thread.
 * Keeping the thread in one stream makes deleting a comment with its replies exact: a reply
 * posted while the comment is being deleted conflicts on the stream's revision, and on retry
 * finds the thread gone.
 */
export const MAX_COMMENT_LENGTH = 500;
export const COMMENT_NOT_FOUND = 'Comment not found';
export const COMMENT_EMPTY = 'Comment cannot be empty';
export const COMMENT_TOO_LONG = `Comment must be at most ${MAX_COMMENT_LENGTH} characters`;
export const NOT_YOUR_COMMENT = 'You can only delete your own comments';

export type CommentPosted = DomainEvent<
  'CommentPosted',
  {
    commentId: string;
    postId: string;
    threadId: string;
    /** null for a top-level comment; the thread's id for a reply. */
    parentCommentId: string | null;
    userId: string;
    text: string;
  }
>;

export type CommentDeleted = DomainEvent<
  'CommentDeleted',
  {
    commentId: string;
    postId: string;
    threadId: string;
    parentCommentId: string | null;
    userId: string;
    /** Replies removed with a top-level comment (their count leaves the post's total too). */
    removedReplyIds: string[];
    /**
     * How many of the removed comments were already off the post's count (hidden with their
     * banned author). Absent on older events: none.
     */
    uncounted?: number;
    /** Set when an admin removed the comment (the event's actor is the admin). */
    reason?: string;
  }
>;

/**
 * The filter refused a comment (`comment-filter.ts`): nothing was posted, the member was told
 * why, and the refusal stays on record as the cause of a strike. On the thread's stream it would
 * have joined (a new thread's stream for a top-level comment).
 */
export type CommentRefused = DomainEvent<
  'CommentRefused',
  {
    commentId: string;
    postId: string;
    /** The thread it answered, or null for a top-level comment. */
    threadId: string | null;
    userId: string;
    reason: CommentRefusalReason;
    /** What was typed (sealed with the author's key, like a posted comment's text). */
    text: string;
  }
>;

export type CommentEvent = CommentPosted | CommentDeleted | CommentRefused;

export type CommentThreadState =
  | { status: 'none' }
  | {
      status: 'open';
      threadId: string;
      postId: string;
      authorId: string;
      /** Live replies, oldest first, with their authors. */
      replies: { commentId: string; authorId: string }[];
    }
  | { status: 'deleted' };

export interface PostComment {
  type: 'PostComment';
  data: {
    commentId: string;
    postId: string;
    /** The thread to reply in, or null to start one (then the thread's id is `commentId`). */
    threadId: string | null;
    userId: string;
    text: string;
    /** What the filter needs to know of the account; absent, the text is not filtered. */
    screening?: CommentContext;
  };
  metadata: CommandMetadata;
}

export interface DeleteComment {
  type: 'DeleteComment';
  /** `hiddenIds`: the thread's comments hidden with a banned author, as the reads know them. */
  data: { commentId: string; userId: string; hiddenIds?: readonly string[] };
}

/** An admin removes any comment (with its replies, for a top-level one), with a reason. */
export interface RemoveComment {
  type: 'RemoveComment';
  data: { commentId: string; reason: string; hiddenIds?: readonly string[] };
}

export type CommentCommand = PostComment | DeleteComment | RemoveComment;

export function commentStreamId(threadId: string): string {
  return `comment-${threadId}`;
}

/**
 * The text as kept (see `memberText`), 1 to 500 characters (Unicode code points, so an emoji
 * counts once); a text of blank or invisible characters only is empty.
 */
export function commentText(raw: string): string {
  const text = memberText(raw);
  if (drawsNothing(text)) throw new ValidationError(COMMENT_EMPTY);
  if ([...text].length > MAX_COMMENT_LENGTH) throw new ValidationError(COMMENT_TOO_LONG);
  return text;
}

export const commentDecider: Decider<CommentCommand, CommentThreadState, CommentEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'PostComment':
        return postComment(command.data, state, command.metadata.now);
      case 'DeleteComment':
        return deleteComment(command.data, state);
      case 'RemoveComment':
        return removeComment(command.data, state);
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CommentPosted': {
        const { commentId, threadId, postId, userId, parentCommentId } = event.data;
        if (parentCommentId === null) {
          return { status: 'open', threadId, postId, authorId: userId, replies: [] };
        }
        if (state.status !== 'open') return state;
        return { ...state, replies: [...state.replies, { commentId, authorId: userId }] };
      }
      case 'CommentDeleted': {
        if (event.data.parentCommentId === null) return { status: 'deleted' };
        if (state.status !== 'open') return state;
        return {
          ...state,
          replies: state.replies.filter((reply) => reply.commentId !== event.data.commentId),
        };
      }
      case 'CommentRefused':
        return state;
      default:
        return assertNever(event);
    }
  },
};

function postComment(
  data: PostComment['data'],
  state: CommentThreadState,
  now: Date,
): CommentEvent[] {
  const text = commentText(data.text);
  const refusal = data.screening ? screenComment(text, data.screening, now) : null;
  if (refusal !== null) {
    if (data.threadId !== null && (state.status !== 'open' || state.postId !== data.postId)) {
      throw new NotFoundError(COMMENT_NOT_FOUND);
    }
    const { commentId, postId, threadId, userId } = data;
    return [
      {
        type: 'CommentRefused',
        data: { commentId, postId, threadId, userId, reason: refusal, text },
      },
    ];
  }
  if (data.threadId === null) {
    // A retried request for the same new thread is already recorded.
    if (state.status !== 'none') return [];
    return [
      {
        type: 'CommentPosted',
        data: {
          commentId: data.commentId,
          postId: data.postId,
          threadId: data.commentId,
          parentCommentId: null,
          userId: data.userId,
          text,
        },
      },
    ];
  }
  if (state.status !== 'open' || state.postId !== data.postId) {
    throw new NotFoundError(COMMENT_NOT_FOUND);
  }
  if (state.replies.some((reply) => reply.commentId === data.commentId)) return [];
  return [
    {
      type: 'CommentPosted',
      data: {
        commentId: data.commentId,
        postId: data.postId,
        threadId: state.threadId,
        parentCommentId: state.threadId,
        userId: data.userId,
        text,
      },
    },
  ];
}

/** The comment a deletion takes away: a thread's first comment goes with its replies. */
function removal(state: Extract<CommentThreadState, { status: 'open' }>, commentId: string) {
  if (commentId === state.threadId) {
    return {
      authorId: state.authorId,
      parentCommentId: null,
      removedReplyIds: state.replies.map((reply) => reply.commentId),
    };
  }
  const reply = state.replies.find((r) => r.commentId === commentId);
  if (!reply) throw new NotFoundError(COMMENT_NOT_FOUND);
  return { authorId: reply.authorId, parentCommentId: state.threadId, removedReplyIds: [] };
}

/** How many of the removed comments are among `hiddenIds` (absent when none is). */
function uncounted(
  commentId: string,
  removedReplyIds: readonly string[],
  hiddenIds: readonly string[] = [],
): { uncounted?: number } {
  const count = [commentId, ...removedReplyIds].filter((id) => hiddenIds.includes(id)).length;
  return count > 0 ? { uncounted: count } : {};
}

function deleteComment(data: DeleteComment['data'], state: CommentThreadState): CommentEvent[] {
  if (state.status !== 'open') throw new NotFoundError(COMMENT_NOT_FOUND);
  const { authorId, parentCommentId, removedReplyIds } = removal(state, data.commentId);
  if (authorId !== data.userId) throw new ForbiddenError(NOT_YOUR_COMMENT);
  const { postId, threadId } = state;
  return [
    {
      type: 'CommentDeleted',
      data: {
        postId,
        threadId,
        userId: data.userId,
        commentId: data.commentId,
        parentCommentId,
        removedReplyIds,
        ...uncounted(data.commentId, removedReplyIds, data.hiddenIds),
      },
    },
  ];
}

function removeComment(data: RemoveComment['data'], state: CommentThreadState): CommentEvent[] {
  const reason = moderationReason(data.reason, true) as string;
  if (state.status !== 'open') throw new NotFoundError(COMMENT_NOT_FOUND);
  const { authorId, parentCommentId, removedReplyIds } = removal(state, data.commentId);
  const { postId, threadId } = state;
  return [
    {
      type: 'CommentDeleted',
      data: {
        postId,
        threadId,
        reason,
        commentId: data.commentId,
        parentCommentId,
        userId: authorId,
        removedReplyIds,
        ...uncounted(data.commentId, removedReplyIds, data.hiddenIds),
      },
    },
  ];
}
