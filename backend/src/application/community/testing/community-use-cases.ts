import type { CommentPosted } from '../../../domain/comment/comment.decider';
import type { LikeData, Liked } from '../../../domain/like/like.decider';
import type { Rated } from '../../../domain/post-rating/post-rating.decider';
import type { PostVisibilityChanged } from '../../../domain/post/post.events';
import type { UseCaseWorld } from '../../../../test/support/use-case-specification';
import { StreamWrites } from '../../shared/stream-writes';
import { PostReads } from '../post-reads';
import { BannedAuthors } from '../banned-authors';

/**
 * What the community handlers are built from, on a use-case spec's world (its event store, read
 * store kept by the real projections, clock and read-your-writes):
 *
 *   useCase((world) => {
 *     const { writes, reads } = communityServices(world);
 *     return new SetLikeHandler(writes, reads, hasher);
 *   })
 */
export function communityServices(world: UseCaseWorld) {
  const writes = new StreamWrites(world.eventStore, world.clock, world.progress);
  return {
    writes,
    reads: new PostReads(world.readStore, world.clock),
    bannedAuthors: new BannedAuthors(writes, world.readStore),
  };
}

/** The events the community specs give, as their streams record them. */
export const rated = (postId: string, userId: string, authorId: string, score: number): Rated => ({
  type: 'Rated',
  data: { postId, userId, authorId, score },
});

export const postLiked = (postId: string, userId: string): Liked => ({
  type: 'Liked',
  data: { target: 'post', targetId: postId, postId, userId },
});

export const commentLiked = (commentId: string, postId: string, userId: string): Liked => ({
  type: 'Liked',
  data: { target: 'comment', targetId: commentId, postId, userId } satisfies LikeData,
});

/** A comment on `postId`: a thread of its own, or a reply in its parent's thread. */
export function commentPosted(
  commentId: string,
  postId: string,
  userId: string,
  text = 'Hi',
  parentCommentId: string | null = null,
): CommentPosted {
  return {
    type: 'CommentPosted',
    data: {
      commentId,
      postId,
      threadId: parentCommentId ?? commentId,
      parentCommentId,
      userId,
      text,
    },
  };
}

/** The post hidden (or shown again) by its author. */
export const visibilityChanged = (
  postId: string,
  authorId: string,
  isPublic = false,
): PostVisibilityChanged => ({
  type: 'PostVisibilityChanged',
  data: { postId, authorId, isPublic, reason: null },
});
