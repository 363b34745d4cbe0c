import type { Liked, LikeTarget, Unliked } from '../../domain/like/like.decider';
import type { RecordedEvent } from '../../domain/shared/event';
import type { Projection } from '../projection';
import { flatId, type ReadDocument } from '../read-model';

export const LIKES = 'likes';

/**
 * One standing like: who likes which post or comment. What a page shows of the viewer's own
 * likes is read here, a post's thread in one indexed query (`postId`, `userId`), instead of one
 * read of a like's stream per comment. An unlike deletes the document.
 */
export interface LikeDocument extends ReadDocument {
  target: LikeTarget;
  targetId: string;
  /** The post the target belongs to (itself for a post). */
  postId: string;
  userId: string;
  likedAt: string;
}

/** The document of a like, named like its stream (`like-<target>-<targetId>-<userId>`). */
export function likeDocumentId(target: LikeTarget, targetId: string, userId: string): string {
  return flatId(target, targetId, userId);
}

type Handled = RecordedEvent<'Liked', Liked['data']> | RecordedEvent<'Unliked', Unliked['data']>;

const TARGETS: readonly unknown[] = ['post', 'comment'] satisfies LikeTarget[];

function isLikeData(data: unknown): data is Liked['data'] {
  const like = data as Partial<Liked['data']> | null;
  return (
    TARGETS.includes(like?.target) &&
    [like?.targetId, like?.postId, like?.userId].every((id) => typeof id === 'string' && id)
  );
}

export const likesProjection: Projection<LikeDocument> = {
  collection: LIKES,
  handles: ['Liked', 'Unliked'],
  // A like's document is its like stream's.
  createdWithStream: ['Liked'],
  // A thread's likes by one viewer: the post and every comment of it, one walk.
  indexes: [{ keys: { postId: 1, userId: 1 } }],

  documentId(recorded) {
    const { data } = recorded as Handled;
    return isLikeData(data) ? likeDocumentId(data.target, data.targetId, data.userId) : null;
  },

  apply(like, recorded) {
    const event = recorded as Handled;
    if (event.type === 'Unliked') return null;
    if (like) return like;
    const { target, targetId, postId, userId } = event.data;
    return {
      _id: likeDocumentId(target, targetId, userId),
      target,
      targetId,
      postId,
      userId,
      likedAt: recorded.metadata.at,
    };
  },
};
