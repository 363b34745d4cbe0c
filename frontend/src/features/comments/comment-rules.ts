import { textLength } from '@/lib/text-length';

import type { Comment } from './types';

/** Spec §5/§9: comments and replies hold at most 500 characters. */
export const COMMENT_MAX_LENGTH = 500;

/**
 * Spec §5: what is sent is the trimmed text, which must not be empty; its length is counted in
 * characters as the server counts them (an emoji is one).
 */
export function commentToSend(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || textLength(trimmed) > COMMENT_MAX_LENGTH) return null;
  return trimmed;
}

/** A comment of the tree, top level or a reply. */
export function findComment(comments: Comment[], id: string): Comment | undefined {
  return comments.flatMap((comment) => [comment, ...comment.replies]).find((c) => c.id === id);
}

/** A comment tree with one comment changed wherever it sits (top level or a reply). */
export function updateComment(
  comments: Comment[],
  id: string,
  change: (comment: Comment) => Comment,
): Comment[] {
  return comments.map((comment) => {
    if (comment.id === id) return change(comment);
    if (!comment.replies.some((reply) => reply.id === id)) return comment;
    return {
      ...comment,
      replies: comment.replies.map((reply) => (reply.id === id ? change(reply) : reply)),
    };
  });
}

/** A comment tree with a new comment in place: a new thread last, or a reply last in its thread. */
export function addComment(comments: Comment[], added: Comment): Comment[] {
  if (!added.parentCommentId) return [...comments, { ...added, replies: added.replies ?? [] }];
  return comments.map((comment) =>
    comment.id === added.parentCommentId
      ? { ...comment, replies: [...comment.replies, { ...added, replies: [] }] }
      : comment,
  );
}

/** A comment tree without a comment (and, for a thread, its replies). */
export function removeComment(comments: Comment[], id: string): Comment[] {
  return comments
    .filter((comment) => comment.id !== id)
    .map((comment) =>
      comment.replies.some((reply) => reply.id === id)
        ? { ...comment, replies: comment.replies.filter((reply) => reply.id !== id) }
        : comment,
    );
}

/** How many comments a tree holds, replies included (as the post's commentsCount counts). */
export function countComments(comments: Comment[]): number {
  return comments.reduce((sum, comment) => sum + 1 + comment.replies.length, 0);
}
