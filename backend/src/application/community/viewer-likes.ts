import type { LikeTarget } from '../../domain/like/like.decider';
import type { ReadStore } from '../ports/read-store.port';
import { LIKES, likeDocumentId, type LikeDocument } from '../../projections/likes/likes.projection';

/**
 * The viewer's own likes, from the likes read model. Writes wait for the projections
 * (read-your-writes), so a like is seen by its author as soon as its request answered.
 */

/** Whether `userId` likes the post or comment. */
export async function likes(
  readStore: ReadStore,
  target: LikeTarget,
  targetId: string,
  userId: string,
): Promise<boolean> {
  const id = likeDocumentId(target, targetId, userId);
  return (await readStore.findOne<LikeDocument>(LIKES, { _id: id })) !== null;
}

/** The comments among a viewer's likes of one post. */
export function likedComments(found: readonly LikeDocument[]): ReadonlySet<string> {
  return new Set(found.filter((like) => like.target === 'comment').map((like) => like.targetId));
}
