import { COMMENTS, type CommentDocument } from '../../projections/comments/comments.projection';
import type { ReadStore } from '../ports/read-store.port';

/**
 * The ids of a thread's comments hidden with their banned author: a deletion that takes them
 * with the thread leaves them off the post's count, as the ban already did.
 */
export async function hiddenInThread(
  reads: Pick<ReadStore, 'find'>,
  comment: Pick<CommentDocument, 'postId' | 'threadId'>,
): Promise<string[]> {
  const hidden = await reads.find<CommentDocument>(COMMENTS, {
    postId: comment.postId,
    threadId: comment.threadId,
    hidden: true,
  });
  return hidden.map((each) => each._id);
}

/**
 * A banned author's comments still hidden, counted by the post they are on: what a lift gives
 * back to those posts' counts (the ones deleted during the ban are gone from the reads).
 */
export async function hiddenCommentsByPost(
  reads: Pick<ReadStore, 'find'>,
  authorId: string,
): Promise<Record<string, number>> {
  return countByPost(await reads.find<CommentDocument>(COMMENTS, { authorId, hidden: true }));
}

/** How many of `comments` are on each post. */
export function countByPost(
  comments: readonly Pick<CommentDocument, 'postId'>[],
): Record<string, number> {
  const byPost: Record<string, number> = {};
  for (const comment of comments) byPost[comment.postId] = (byPost[comment.postId] ?? 0) + 1;
  return byPost;
}
