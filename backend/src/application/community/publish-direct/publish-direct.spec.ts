import type { AppConfig } from '../../../config/config';
import { sharpImageProcessor } from '../../../infrastructure/images/image-pipeline';
import { MemoryImages } from '../../../../test/support/account-use-cases';
import { randomUUID } from 'node:crypto';
import { PhotoAssessment, publishKeyHash } from '../../rate-photo/photo-assessment';
import { SimilarPhotos } from '../similar-photos';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, imageOf, photoRated } from '../../../../test/support/community-use-cases';
import { PublishDirectCommand } from './publish-direct.command';
import { PublishDirectHandler } from './publish-direct.handler';
import { HmacKeyedHasher } from '../../../infrastructure/keyed-hasher/hmac-keyed-hasher';

describe('publish a photo directly', () => {
  const member = randomUUID();
  const ratingId = randomUUID();
  const publishKey = 'the-key-of-this-upload';
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
  });

  /** The photo's check as the assessment records it (or refuses it). */
  const publish = (assess: () => Promise<unknown>) => {
    const assessment = { assess } as unknown as PhotoAssessment;
    const { eventStore, clock, progress, readStore } = world;
    const similar = new SimilarPhotos(readStore, new MemoryImages(), sharpImageProcessor);
    const handler = new PublishDirectHandler(
      eventStore,
      clock,
      progress,
      assessment,
      similar,
      { postsRequireApproval: false } as AppConfig,
      new HmacKeyedHasher('a secret for the publish specs'),
    );
    return handler.execute(new PublishDirectCommand(member, Buffer.from('photo'), 'c-1'));
  };

  it('posts the checked photo without an AI rating, its rating record claimed by the post', async () => {
    const { id } = await publish(async () => {
      await world.given(member, {
        [`rating-${ratingId}`]: [photoRated(ratingId, publishKeyHash(publishKey))],
      });
      const fingerprint = { keys: ['a1b2c3d4e5f60718'], probes: ['a1b2c3d4e5f60718'] };
      return { rated: { ratingId, ...imageOf(ratingId) }, publishKey, fingerprint };
    });
    expect(await world.then(`post-${id}`)).toEqual([
      {
        type: 'PostPublished',
        data: expect.objectContaining({
          postId: id,
          authorId: member,
          ai: null,
          // Filed by the fingerprint the upload was checked with, not one made again.
          image: expect.objectContaining({ fingerprint: ['a1b2c3d4e5f60718'] }),
        }),
      },
    ]);
    const [, claimed] = await world.then(`rating-${ratingId}`);
    expect(claimed).toMatchObject({ type: 'PhotoRatingPublished', data: { postId: id } });
  });

  it('posts nothing when the content check refuses the photo', async () => {
    const refused = new Error('Not a photo of feet');
    await expect(publish(() => Promise.reject(refused))).rejects.toBe(refused);
    expect(await world.eventStore.readAll()).toEqual([]);
  });
});
