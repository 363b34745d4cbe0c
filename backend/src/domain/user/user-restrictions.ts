import { moderationReason } from '../shared/moderation';
import { ConflictError } from '../shared/errors';
import type {
  BanUser,
  ExtendBan,
  LiftBanInPart,
  LiftRestriction,
  SuspendUser,
} from './user.commands';
import type { UserEvent } from './user.events';
import { ALREADY_BANNED, ALREADY_SUSPENDED, NOT_RESTRICTED } from './user.messages';
import type { RegisteredUser } from './user.state';
import { sessionEnded } from './user-credentials';

/**
 * The most posts and comments one event of a ban names (its ban, each extension, each part of
 * its lift): an id and a post's count each, so an append stays well within the stores' 1 MiB
 * (`MAX_APPEND_BYTES`) however much the account wrote. The shell names more in several events.
 */
export const NAMES_PER_EVENT = 5_000;

/** Posts and comments a ban's event names, as `ExtendBan` and `LiftBanInPart` take them. */
export interface BanNames {
  postIds: string[];
  comments: { commentId: string; postId: string }[];
}

/** The posts, then the comments, in parts of `NAMES_PER_EVENT` at most: one event each. */
export function namesInParts(
  postIds: readonly string[],
  comments: readonly { commentId: string; postId: string }[],
): BanNames[] {
  const parts: BanNames[] = [];
  const total = postIds.length + comments.length;
  for (let from = 0; from < total; from += NAMES_PER_EVENT) {
    const to = from + NAMES_PER_EVENT;
    parts.push({
      postIds: postIds.slice(from, to),
      comments: comments.slice(
        Math.max(0, from - postIds.length),
        Math.max(0, to - postIds.length),
      ),
    });
  }
  return parts;
}

/** A suspension ends every session; a banned account cannot be suspended as well. */
export function suspendUser(command: SuspendUser, state: RegisteredUser): UserEvent[] {
  const { userId } = state;
  const reason = moderationReason(command.data.reason, true) as string;
  if (state.restriction.status === 'banned') throw new ConflictError(ALREADY_BANNED);
  if (state.restriction.status === 'suspended') throw new ConflictError(ALREADY_SUSPENDED);
  return [
    { type: 'UserSuspended', data: { userId, reason } },
    ...state.sessions.map((s) => sessionEnded(userId, s, 'account-suspended')),
  ];
}

/** A ban names the posts and comments it hides (listed by the shell) and ends every session. */
export function banUser(command: BanUser, state: RegisteredUser): UserEvent[] {
  const { userId } = state;
  const reason = moderationReason(command.data.reason, true) as string;
  if (state.restriction.status === 'banned') throw new ConflictError(ALREADY_BANNED);
  return [
    {
      type: 'UserBanned',
      data: {
        userId,
        reason,
        postIds: [...new Set(command.data.postIds)],
        commentIds: [...new Set(command.data.commentIds)],
        ...(command.data.commentsByPost ? { commentsByPost: command.data.commentsByPost } : {}),
      },
    },
    ...state.sessions.map((s) => sessionEnded(userId, s, 'account-banned')),
  ];
}

/**
 * What a banned account wrote that its ban does not name yet joins it; nothing without a ban
 * (an account no longer banned keeps what it wrote), or when the ban names it all already.
 */
export function extendBan(command: ExtendBan, state: RegisteredUser): UserEvent[] {
  const { restriction } = state;
  if (restriction.status !== 'banned') return [];
  const postIds = [...new Set(command.data.postIds)].filter(
    (id) => !restriction.postIds.includes(id),
  );
  const named = new Set(restriction.commentIds);
  const commentIds: string[] = [];
  const commentsByPost: Record<string, number> = {};
  for (const { commentId, postId } of command.data.comments) {
    if (named.has(commentId)) continue;
    named.add(commentId);
    commentIds.push(commentId);
    commentsByPost[postId] = (commentsByPost[postId] ?? 0) + 1;
  }
  if (postIds.length === 0 && commentIds.length === 0) return [];
  return [
    {
      type: 'UserBanExtended',
      data: {
        userId: state.userId,
        postIds,
        commentIds,
        ...(commentIds.length > 0 ? { commentsByPost } : {}),
      },
    },
  ];
}

/** Of what the ban names, the posts and comments given come back; the account stays banned. */
export function liftBanInPart(command: LiftBanInPart, state: RegisteredUser): UserEvent[] {
  const { restriction } = state;
  if (restriction.status !== 'banned') return [];
  const named = new Set(restriction.postIds);
  const postIds = [...new Set(command.data.postIds)].filter((id) => named.has(id));
  const hidden = new Set(restriction.commentIds);
  const commentIds: string[] = [];
  const commentsByPost: Record<string, number> = {};
  for (const { commentId, postId } of command.data.comments) {
    if (!hidden.has(commentId)) continue;
    hidden.delete(commentId);
    commentIds.push(commentId);
    commentsByPost[postId] = (commentsByPost[postId] ?? 0) + 1;
  }
  if (postIds.length === 0 && commentIds.length === 0) return [];
  return [
    {
      type: 'UserBanPartlyLifted',
      data: {
        userId: state.userId,
        postIds,
        commentIds,
        ...(commentIds.length > 0 ? { commentsByPost } : {}),
      },
    },
  ];
}

/**
 * A lift ends a suspension or a ban; a ban's posts and comments come back, and the posts get
 * back the comments still hidden (`commentsByPost` as the shell read it, else the ban's own).
 */
export function liftRestriction(command: LiftRestriction, state: RegisteredUser): UserEvent[] {
  const reason = moderationReason(command.data.reason, false);
  const { restriction } = state;
  if (restriction.status === 'active') throw new ConflictError(NOT_RESTRICTED);
  const banned = restriction.status === 'banned';
  const commentsByPost = banned
    ? (command.data.commentsByPost ?? restriction.commentsByPost)
    : undefined;
  return [
    {
      type: 'UserRestrictionLifted',
      data: {
        userId: state.userId,
        reason,
        lifted: restriction.status,
        postIds: banned ? restriction.postIds : [],
        commentIds: banned ? restriction.commentIds : [],
        ...(commentsByPost ? { commentsByPost } : {}),
      },
    },
  ];
}
