import { photoRatingDecider } from '../../domain/photo-rating/photo-rating.decider';
import {
  postingOriginsDecider,
  postingOriginsStreamId,
} from '../../domain/post-rating/posting-origins.decider';
import type { CommandMetadata } from '../../domain/shared/event';
import { type ClientOrigin, originMarks } from '../accounts/client-marks';
import type { EventStore } from '../ports/event-store.port';
import type { KeyedHasher } from '../ports/keyed-hasher.port';
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

/**
 * Records where the author published `postId` from (keyed marks only), for the vote rules: a
 * vote later cast from that network or browser is tied to the author. Answers the position of
 * what it appended (null: nothing new, or nothing known of the origin).
 */
export async function notePostingOrigin(
  eventStore: EventStore,
  hasher: KeyedHasher,
  post: { userId: string; postId: string; origin: ClientOrigin | null },
  metadata: CommandMetadata,
): Promise<bigint | null> {
  const from = originMarks(hasher, post.origin);
  if (from.network === null && from.browser === null) return null;
  const { userId, postId } = post;
  const decided = await runDecider(
    eventStore,
    postingOriginsDecider,
    postingOriginsStreamId(userId),
    { type: 'NotePostingOrigin', data: { userId, postId, from } },
    metadata,
  );
  return decided.position;
}
