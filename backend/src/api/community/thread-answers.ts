import type { Response } from 'express';
import type { CommentView, ThreadView } from '../../application/community/post-views';
import { type Encoding, sendJsonBytes } from '../compression/compression.middleware';
import { LIKED_BY_NOBODY, toCommentResponse } from './post.view';

/**
 * The body for a viewer who likes none of the thread (every signed-out one), kept beside the
 * thread it was made from (which stays the same object while the read models do), with its
 * compressed copies: shared as a board page is.
 */
const likingNone = new WeakMap<
  readonly CommentView[],
  { body: Buffer; compressed: Partial<Record<Encoding, Buffer>> }
>();

/** The page's `Link` header, as the boards' (see `BOARD_PAGE_HEADERS`). */
export const THREAD_PAGE_HEADERS = {
  Link: {
    description:
      'The next page: `</api/posts/…/comments?limit=…&cursor=…>; rel="next"`; absent on the last page',
    schema: { type: 'string' as const },
  },
};

/** The next page's `Link` header (RFC 8288), or null on the last page. */
export function threadPageLink(
  postId: string,
  limit: number,
  cursor: string | null,
): string | null {
  if (!cursor) return null;
  const query = new URLSearchParams({ limit: String(limit), cursor });
  return `</api/posts/${encodeURIComponent(postId)}/comments?${query.toString()}>; rel="next"`;
}

/**
 * Sends a post's thread as `toCommentResponse` gives each comment: a JSON array (`threadBody`).
 */
export function sendThread(
  response: Response,
  thread: Pick<ThreadView, 'comments' | 'likedByViewer'>,
): void {
  const { body, compressed } = threadBody(thread);
  // A body of this viewer's own is compressed for this answer only: nothing keeps its copies.
  sendJsonBytes(response, body, compressed ?? {});
}

/**
 * The thread's JSON with the viewer's likes. A viewer who likes none of its comments gets the
 * shared body, with the place to keep its compressed copies (so each is made once); a viewer
 * who likes some gets a body of their own (made as fast as the kept one was cut and filled in:
 * docs/decisions/kept-compressed-copies.md), with no copies kept (null).
 */
export function threadBody({
  comments,
  likedByViewer,
}: Pick<ThreadView, 'comments' | 'likedByViewer'>): {
  body: Buffer;
  compressed: Partial<Record<Encoding, Buffer>> | null;
} {
  const answer = (likes: ReadonlySet<string>) =>
    Buffer.from(JSON.stringify(comments.map((view) => toCommentResponse(view, likes))));
  if (likedByViewer.size > 0 && likesAny(comments, likedByViewer)) {
    return { body: answer(likedByViewer), compressed: null };
  }
  let kept = likingNone.get(comments);
  if (!kept) {
    kept = { body: answer(LIKED_BY_NOBODY), compressed: {} };
    likingNone.set(comments, kept);
  }
  return kept;
}

function likesAny(comments: readonly CommentView[], liked: ReadonlySet<string>): boolean {
  return comments.some((view) => liked.has(view.comment._id) || likesAny(view.replies, liked));
}
