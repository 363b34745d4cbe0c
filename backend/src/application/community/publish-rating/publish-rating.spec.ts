import { randomUUID } from 'node:crypto';
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
import { PublishRatingCommand } from './publish-rating.command';
import { PublishRatingHandler, RATING_MISMATCH } from './publish-rating.handler';

describe('publish a rating', () => {
  const uploader = randomUUID();
  const ratingId = randomUUID();
  const publishKey = 'the-key-the-upload-answered';
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(uploader, {
      [`rating-${ratingId}`]: [photoRated(ratingId, publishKeyHash(publishKey))],
    });
  });

  const publish = (averageRating: number) => {
    const { eventStore, readStore, clock, progress } = world;
    const similar = new SimilarPhotos(readStore);
    const handler = new PublishRatingHandler(eventStore, readStore, clock, progress, similar);
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
});
