import type { Response } from 'express';
import type { CommentView, ThreadView } from '../../application/community/post-views';
import { type Encoding, sendJsonBytes } from '../compression/compression.middleware';
import { LIKED_BY_NOBODY, toCommentResponse } from './post.view';

/**
 * A thread's JSON cut where each comment's `likedByViewer` goes: `pieces[i]` comes before the
 * value for the comment `ids[i]`, and the last piece after the last value.
 */
interface ThreadBytes {
  pieces: Buffer[];
  ids: string[];
  /** The body for a viewer who likes none of it (every signed-out one): shared, as a board page. */
  likingNone: { body: Buffer; compressed: Partial<Record<Encoding, Buffer>> };
}

/** Kept beside the thread they were cut from, which stays the same while the read models do. */
const cut = new WeakMap<readonly CommentView[], ThreadBytes>();

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');

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
 * The thread's JSON with the viewer's likes. The thread is serialised once per version of it
 * (KeptThreads answers the same array while the read models stay put), and a request puts its
 * viewer's likes into the kept bytes. A viewer who likes none of its comments gets the shared
 * body, with the place to keep its compressed copies (so each is made once); null otherwise.
 */
export function threadBody({
  comments,
  likedByViewer,
}: Pick<ThreadView, 'comments' | 'likedByViewer'>): {
  body: Buffer;
  compressed: Partial<Record<Encoding, Buffer>> | null;
} {
  let bytes = cut.get(comments);
  if (!bytes) {
    bytes = cutThread(comments);
    cut.set(comments, bytes);
  }
  const { pieces, ids, likingNone } = bytes;
  if (!ids.some((id) => likedByViewer.has(id))) return likingNone;
  const parts: Buffer[] = [];
  ids.forEach((id, i) => parts.push(pieces[i]!, likedByViewer.has(id) ? TRUE : FALSE));
  parts.push(pieces[ids.length]!);
  return { body: Buffer.concat(parts), compressed: null };
}

function cutThread(comments: readonly CommentView[]): ThreadBytes {
  const pieces: string[] = [];
  const ids: string[] = [];
  let text = '[';
  const write = (view: CommentView) => {
    // Every field as toCommentResponse gives it, in its order; the last three written here.
    const {
      likedByViewer: _cut,
      parentCommentId,
      replies: _written,
      ...head
    } = toCommentResponse({ ...view, replies: [] }, LIKED_BY_NOBODY);
    text += `${JSON.stringify(head).slice(0, -1)},"likedByViewer":`;
    pieces.push(text);
    ids.push(view.comment._id);
    text = `,"parentCommentId":${JSON.stringify(parentCommentId)},"replies":[`;
    view.replies.forEach((reply, i) => {
      if (i > 0) text += ',';
      write(reply);
    });
    text += ']}';
  };
  comments.forEach((view, i) => {
    if (i > 0) text += ',';
    write(view);
  });
  pieces.push(`${text}]`);
  const buffers = pieces.map((piece) => Buffer.from(piece));
  const likingNone = Buffer.concat(
    buffers.flatMap((piece, i) => (i < ids.length ? [piece, FALSE] : [piece])),
  );
  return { pieces: buffers, ids, likingNone: { body: likingNone, compressed: {} } };
}
