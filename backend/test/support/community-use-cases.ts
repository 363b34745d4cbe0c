import type { GateVerdict } from '../../src/domain/photo-rating/photo-rating.events';
import type { DomainEvent } from '../../src/domain/shared/event';

/** The stored image of a post or rating `id` (its content hash made from the id). */
export function imageOf(id: string) {
  const contentHash = id.replace(/-/g, '').padEnd(64, '0');
  return {
    imageUrl: `/uploads/${contentHash.slice(0, 2)}/${contentHash}.webp`,
    thumbnailUrl: `/uploads/${contentHash.slice(0, 2)}/${contentHash}-480.webp`,
    imageHash: '0f0f0f0f0f0f0f0f',
    contentHash,
  };
}

/** The AI's scores every rating of these specs has. */
export const SCORES = { toeAlignment: 7, toeNails: 7, footShape: 7, aesthetic: 7 };

/** A post published by `authorId` (with an AI rating), as its stream records it. */
export function postPublished(postId: string, authorId: string): DomainEvent {
  const ai = { ratingId: postId, overall: 7, ...SCORES, comment: 'Neat.', rater: 'offline' };
  return { type: 'PostPublished', data: { postId, authorId, image: imageOf(postId), ai } };
}

/**
 * An uploaded photo rated, publishable by whoever holds the key whose hash is given (with the
 * content gate's verdict when one is given).
 */
export function photoRated(
  ratingId: string,
  publishKeyHash: string,
  gate?: GateVerdict,
): DomainEvent {
  return {
    type: 'PhotoRated',
    data: {
      ratingId,
      ...imageOf(ratingId),
      ...SCORES,
      overall: 7,
      comment: 'Neat.',
      rater: 'offline',
      uploaderId: null,
      publishKeyHash,
      ...(gate && { gate }),
    },
  };
}
