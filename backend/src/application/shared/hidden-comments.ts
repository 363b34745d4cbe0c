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
 * The comments a ban of `authorId` hides: the author's own, and the other members' replies in
 * the threads the author started (shown under them, they go with them, as with a deletion).
 */
export async function commentsOfBanned(
  reads: Pick<ReadStore, 'find'>,
  authorId: string,
): Promise<CommentDocument[]> {
  const own = await reads.find<CommentDocument>(COMMENTS, { authorId });
  const threads = own.filter((comment) => comment.parentCommentId === null);
  if (threads.length === 0) return own;
  // Read by their posts (an indexed read), then kept to those threads.
  const started = new Set(threads.map((thread) => thread._id));
  const onPosts = await reads.find<CommentDocument>(COMMENTS, {
    postId: { $in: [...new Set(threads.map((thread) => thread.postId))] },
  });
  const replies = onPosts.filter(
    (comment) => comment.authorId !== authorId && started.has(comment.threadId),
  );
  return [...own, ...replies];
}

/**
 * The comments a ban still hides (see `commentsOfBanned`), counted by the post they are on: what
 * a lift gives back to those posts' counts (the ones deleted during the ban are gone).
 */
export async function hiddenCommentsByPost(
  reads: Pick<ReadStore, 'find'>,
  authorId: string,
): Promise<Record<string, number>> {
  const hidden = (await commentsOfBanned(reads, authorId)).filter((comment) => comment.hidden);
  return countByPost(hidden);
}

/** How many of `comments` are on each post. */
export function countByPost(
  comments: readonly Pick<CommentDocument, 'postId'>[],
): Record<string, number> {
  const byPost: Record<string, number> = {};
  for (const comment of comments) byPost[comment.postId] = (byPost[comment.postId] ?? 0) + 1;
  return byPost;
}
