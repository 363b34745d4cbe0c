import { randomUUID } from 'node:crypto';
import { sharpImageProcessor } from '../../../infrastructure/images/image-pipeline';
import { MemoryImages } from '../../../../test/support/account-use-cases';
import { ValidationError } from '../../../domain/shared/errors';
import { publishKeyHash } from '../../rate-photo/photo-assessment';
import { SimilarPhotos } from '../similar-photos';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import {
  communityWorld,
  imageOf,
  photoRated,
  SCORES,
} from '../../../../test/support/community-use-cases';
import type { AppConfig } from '../../../config/config';
import { PublishRatingCommand } from './publish-rating.command';
import { PublishRatingHandler, RATING_MISMATCH } from './publish-rating.handler';
import { HmacKeyedHasher } from '../../../infrastructure/keyed-hasher/hmac-keyed-hasher';

describe('publish a rating', () => {
  const uploader = randomUUID();
  const ratingId = randomUUID();
  const publishKey = 'the-key-the-upload-answered';
  let world: ReturnType<typeof communityWorld>;
  let config: Pick<AppConfig, 'postsRequireApproval'>;

  beforeEach(async () => {
    config = { postsRequireApproval: false };
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(uploader, {
      [`rating-${ratingId}`]: [photoRated(ratingId, publishKeyHash(publishKey))],
    });
  });

  const publish = (averageRating: number) => {
    const { eventStore, readStore, clock, progress } = world;
    const similar = new SimilarPhotos(readStore, new MemoryImages(), sharpImageProcessor);
    const handler = new PublishRatingHandler(
      eventStore,
      readStore,
      clock,
      progress,
      similar,
      config as AppConfig,
      new HmacKeyedHasher('a secret for the publish specs'),
    );
    const { imageUrl, imageHash } = imageOf(ratingId);
    const claim = { publishKey, imageUrl, imageHash, averageRating, ...SCORES, aiComment: 'Neat.' };
    return handler.execute(new PublishRatingCommand(uploader, claim, 'c-1'));
  };

  it('publishes the server’s record of the rating as a post with the rating’s id', async () => {
    expect(await publish(7)).toEqual({ id: ratingId });
    const [, published] = await world.then(`rating-${ratingId}`);
    expect(published).toMatchObject({
      type: 'PhotoRatingPublished',
      data: { ratingId, postId: ratingId, userId: uploader },
    });
    expect(await world.then(`post-${ratingId}`)).toEqual([
      {
        type: 'PostPublished',
        data: expect.objectContaining({ postId: ratingId, authorId: uploader }),
      },
    ]);
  });

  it('refuses scores that are not the ones the photo was rated with', async () => {
    await expect(publish(9.5)).rejects.toThrow(new ValidationError(RATING_MISMATCH));
    expect(await world.then(`post-${ratingId}`)).toEqual([]);
  });

  const heldForReview = async () => {
    const [event] = await world.then(`post-${ratingId}`);
    return (event?.data as { heldForReview?: unknown }).heldForReview;
  };

  it('publishes a photo the gate passed straight away', async () => {
    await publish(7);
    expect(await heldForReview()).toBeUndefined();
  });

  it('holds the post of a photo the gate asked a human to look at, with the gate’s verdict', async () => {
    const gate = {
      outcome: 'review' as const,
      reason: 'nudity' as const,
      scores: { 'nsfw.sexy': 0.85 },
      gate: 'offline-v1',
    };
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(uploader, {
      [`rating-${ratingId}`]: [photoRated(ratingId, publishKeyHash(publishKey), gate)],
    });
    await publish(7);
    expect(await heldForReview()).toEqual({ reason: 'gate_review', gate });
  });

  it('holds every post when every post waits for an admin', async () => {
    config.postsRequireApproval = true;
    await publish(7);
    expect(await heldForReview()).toEqual({ reason: 'approval_required', gate: null });
  });
});
