import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../../config/config';
import type { GateVerdict } from '../../../domain/photo-rating/photo-rating.events';
import { ValidationError } from '../../../domain/shared/errors';
import { sharpImageProcessor } from '../../../infrastructure/images/image-pipeline';
import { HmacKeyedHasher } from '../../../infrastructure/keyed-hasher/hmac-keyed-hasher';
import { MemoryImages } from '../../../../test/support/memory-images';
import { imageOf, photoRated, SCORES } from '../../../../test/support/community-use-cases';
import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import { publishKeyHash } from '../../rate-photo/photo-assessment';
import { SimilarPhotos } from '../similar-photos';
import { communityServices } from '../testing/community-use-cases';
import { PublishRatingCommand } from './publish-rating.command';
import { PublishRatingHandler, RATING_MISMATCH } from './publish-rating.handler';

const uploader = randomUUID();
const ratingId = randomUUID();
const publishKey = 'the-key-the-upload-answered';
const ratingStream = `rating-${ratingId}`;
const postStream = `post-${ratingId}`;

/** The upload's rating as its stream records it (with the gate's verdict when given). */
const uploaded = (gate?: GateVerdict) => ({
  ...photoRated(ratingId, publishKeyHash(publishKey), gate),
  metadata: { actor: { type: 'user' as const, id: uploader } },
});

/** The handler, posts held for an admin when `requireApproval`. */
const publishing = (requireApproval = false) =>
  useCase((world) => {
    const { writes, bannedAuthors } = communityServices(world);
    const similar = new SimilarPhotos(world.readStore, new MemoryImages(), sharpImageProcessor);
    return new PublishRatingHandler(
      writes,
      world.readStore,
      similar,
      { postsRequireApproval: requireApproval } as AppConfig,
      new HmacKeyedHasher('a secret for the publish specs'),
      bannedAuthors,
    );
  });

/** The uploader publishing the rating with these scores. */
const publish = (averageRating: number) => {
  const { imageUrl, imageHash } = imageOf(ratingId);
  const claim = { publishKey, imageUrl, imageHash, averageRating, ...SCORES, aiComment: 'Neat.' };
  return new PublishRatingCommand(uploader, claim, 'c-1');
};

/** Why the published post waits for an admin, if it does. */
async function heldForReview(
  outcome: Promise<{ appended: { streamId: string; data: unknown }[] }>,
) {
  const post = (await outcome).appended.find((event) => event.streamId === postStream);
  return (post?.data as { heldForReview?: unknown }).heldForReview;
}

describe('publish a rating', () => {
  it('given a rated upload, when its uploader publishes it, then the server’s record becomes a post with the rating’s id, as the uploader', async () => {
    const publishingIt = publishing().given(ratingStream, uploaded()).when(publish(7));
    const byUploader = {
      actor: { type: 'user' as const, id: uploader },
      correlationId: 'c-1',
      causationId: 'c-1',
      at: SPEC_NOW,
    };
    await publishingIt.thenAnswers({ id: ratingId });
    await publishingIt.then(ratingStream, [
      {
        type: 'PhotoRatingPublished',
        data: expect.objectContaining({ ratingId, postId: ratingId, userId: uploader }),
        metadata: byUploader,
      },
    ]);
    await publishingIt.then(postStream, [
      {
        type: 'PostPublished',
        data: expect.objectContaining({ postId: ratingId, authorId: uploader }),
        metadata: byUploader,
      },
    ]);
  });

  it('given a rated upload, when scores it was not rated with are published, then it is refused and nothing is recorded', async () => {
    const refused = publishing().given(ratingStream, uploaded()).when(publish(9.5));
    await refused.thenThrows(ValidationError, RATING_MISMATCH);
    expect((await refused.outcome()).appended).toEqual([]);
  });

  it('given a photo the gate passed, when it is published, then the post is shown straight away', async () => {
    const outcome = publishing().given(ratingStream, uploaded()).when(publish(7)).outcome();
    expect(await heldForReview(outcome)).toBeUndefined();
  });

  it('given a photo the gate asked a human to look at, when it is published, then the post is held with the gate’s verdict', async () => {
    const gate = {
      outcome: 'review' as const,
      reason: 'nudity' as const,
      scores: { 'nsfw.sexy': 0.85 },
      gate: 'offline-v1',
    };
    const outcome = publishing().given(ratingStream, uploaded(gate)).when(publish(7)).outcome();
    expect(await heldForReview(outcome)).toEqual({ reason: 'gate_review', gate });
  });

  it('given every post waits for an admin, when a rating is published, then its post is held', async () => {
    const outcome = publishing(true).given(ratingStream, uploaded()).when(publish(7)).outcome();
    expect(await heldForReview(outcome)).toEqual({ reason: 'approval_required', gate: null });
  });
});
