import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../../config/config';
import { sharpImageProcessor } from '../../../infrastructure/images/image-pipeline';
import { HmacKeyedHasher } from '../../../infrastructure/keyed-hasher/hmac-keyed-hasher';
import { MemoryImages } from '../../../../test/support/memory-images';
import { imageOf, photoRated } from '../../../../test/support/community-use-cases';
import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import { type PhotoAssessment, publishKeyHash } from '../../rate-photo/photo-assessment';
import { SimilarPhotos } from '../similar-photos';
import { communityServices } from '../testing/community-use-cases';
import { PublishDirectCommand } from './publish-direct.command';
import { PublishDirectHandler } from './publish-direct.handler';

const member = randomUUID();
const ratingId = randomUUID();
const publishKey = 'the-key-of-this-upload';
const ratingStream = `rating-${ratingId}`;
/** The photo's check as the assessment recorded it (given on the rating's stream). */
const checked = {
  ...photoRated(ratingId, publishKeyHash(publishKey)),
  metadata: { actor: { type: 'user' as const, id: member } },
};
const fingerprint = { keys: ['a1b2c3d4e5f60718'], probes: ['a1b2c3d4e5f60718'] };

/** The handler, with the photo's check answering as `assess` does. */
const publishing = (assess: () => Promise<unknown>) =>
  useCase((world) => {
    const { writes, bannedAuthors } = communityServices(world);
    const similar = new SimilarPhotos(world.readStore, new MemoryImages(), sharpImageProcessor);
    return new PublishDirectHandler(
      writes,
      { assess } as unknown as PhotoAssessment,
      similar,
      { postsRequireApproval: false } as AppConfig,
      new HmacKeyedHasher('a secret for the publish specs'),
      bannedAuthors,
    );
  });

describe('publish a photo directly', () => {
  it('given a photo the check passed, when it is posted directly, then it is published as its author without an AI rating, its rating record claimed by the post', async () => {
    const posting = publishing(async () => ({
      rated: { ratingId, ...imageOf(ratingId) },
      publishKey,
      fingerprint,
    }))
      .given(ratingStream, checked)
      .when(new PublishDirectCommand(member, Buffer.from('photo'), 'c-1'));
    const { answer, appended } = await posting.outcome();
    const id = answer!.id;
    const byMember = {
      actor: { type: 'user' as const, id: member },
      correlationId: 'c-1',
      causationId: 'c-1',
      at: SPEC_NOW,
    };
    await posting.then(`post-${id}`, [
      {
        type: 'PostPublished',
        data: expect.objectContaining({
          postId: id,
          authorId: member,
          ai: null,
          // Filed by the fingerprint the upload was checked with, not one made again.
          image: expect.objectContaining({ fingerprint: fingerprint.keys }),
        }),
        metadata: byMember,
      },
    ]);
    await posting.then(ratingStream, [
      {
        type: 'PhotoRatingPublished',
        data: expect.objectContaining({ ratingId, postId: id, userId: member }),
        metadata: byMember,
      },
    ]);
    // Every decision of the publish is the member's, in this request, at one time.
    expect(appended.map((event) => event.metadata)).toEqual(appended.map(() => byMember));
  });

  it('given a photo the check refuses, when it is posted directly, then nothing is recorded', async () => {
    const refused = new Error('Not a photo of feet');
    const posting = publishing(() => Promise.reject(refused)).when(
      new PublishDirectCommand(member, Buffer.from('photo'), 'c-1'),
    );
    await posting.thenThrows(Error, 'Not a photo of feet');
    expect((await posting.outcome()).appended).toEqual([]);
  });
});
