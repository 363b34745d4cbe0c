import { photoRatingDecider } from '../../domain/photo-rating/photo-rating.decider';
import type { CommandMetadata } from '../../domain/shared/event';
import type { EventStore } from '../ports/event-store.port';
import { runDecider } from '../shared/decider-runner';

/** The stream of a post: its publish and its delete are decided there. */
export const postStreamId = (postId: string) => `post-${postId}`;

/** The rating's own stream records that it becomes `postId`, or refuses (see its decider). */
export async function claimRating(
  eventStore: EventStore,
  ratingId: string,
  postId: string,
  userId: string,
  presentedKeyHash: string | null,
  metadata: CommandMetadata,
): Promise<void> {
  await runDecider(
    eventStore,
    photoRatingDecider,
    `rating-${ratingId}`,
    { type: 'PublishRating', data: { ratingId, postId, userId, publishKeyHash: presentedKeyHash } },
    metadata,
  );
}
