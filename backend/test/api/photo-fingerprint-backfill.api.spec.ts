import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { editPhoto, fixturePhoto } from '../../src/bench/repost-edits';
import { accountPhotosStreamId } from '../../src/domain/post/account-photos.decider';
import { FINGERPRINT_VERSION } from '../../src/domain/post/photo-fingerprint';
import {
  PHOTO_RATINGS,
  type PhotoRatingDocument,
} from '../../src/projections/photo-ratings/photo-ratings.projection';
import { type RegisteredUser } from '../support/accounts';
import { verifiedUser } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';
import { until } from '../support/until';
import type { Schema } from '../support/api-types';

describe('posts published before the current fingerprint', () => {
  let app: TestApp;
  afterEach(() => app.close());

  /** Given: `photo` posted by `owner` as the log held posts before (a dHash, no keys, no claim). */
  async function postedBefore(owner: RegisteredUser, photo: Buffer): Promise<string> {
    const uploaded = await request(app.server)
      .post('/api/upload')
      .attach('image', photo, { filename: 'feet.jpg', contentType: 'image/jpeg' })
      .expect(200);
    const { imageUrl } = uploaded.body as Schema<'RatingResultResponse'>;
    const record = await app.reads.findOne<PhotoRatingDocument>(PHOTO_RATINGS, { imageUrl });
    const postId = randomUUID();
    await app.events.appendToStream(`post-${postId}`, [
      {
        id: randomUUID(),
        type: 'PostPublished',
        data: {
          postId,
          authorId: owner.user.id,
          image: {
            imageUrl: record!.imageUrl,
            thumbnailUrl: record!.thumbnailUrl,
            imageHash: record!.imageHash,
            contentHash: record!.contentHash,
          },
          ai: null,
          similarTo: [],
        },
        metadata: {
          actor: { type: 'user', id: owner.user.id },
          correlationId: 'before',
          causationId: 'before',
          at: new Date().toISOString(),
        },
      },
    ]);
    return postId;
  }

  const typesOf = async (stream: string) =>
    (await app.events.readStream(stream)).map((event) => event.type);

  it('files them again at start, so a crop or a mirror of one is found, and once only', async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000' });
    const owner = await verifiedUser(app);
    const photo = fixturePhoto('content-gate/plain/coffee.jpg');
    const postId = await postedBefore(owner, photo);

    // When: the new version starts on this log.
    app = await app.restart();
    await until(async () => (await typesOf(`post-${postId}`)).includes('PostFingerprinted'));
    const [filed] = (await app.events.readStream(`post-${postId}`)).filter(
      (event) => event.type === 'PostFingerprinted',
    );
    expect(filed.data).toMatchObject({ postId, fingerprintVersion: FINGERPRINT_VERSION });
    expect((filed.data as { fingerprint: string[] }).fingerprint.length).toBeGreaterThan(6);
    await until(async () =>
      (await typesOf(accountPhotosStreamId(owner.user.id))).includes('PhotoClaimed'),
    );

    // Then: an edit the dHash alone misses is found, for another account and for the owner.
    // The owner's session outlives the restart; their agent is the first app's.
    const post = async (user: RegisteredUser, image: Buffer) =>
      request(app.server)
        .post('/api/posts/publish-direct')
        .set('Cookie', user.sessionCookie)
        .attach('image', image, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    const cropped = await editPhoto(photo, 'crop 15% corner');
    const copied = await post(await verifiedUser(app), cropped);
    expect(copied.status).toBe(422);
    expect(copied.body.message).toMatch(/looks like a photo already on SoleScore/);
    const mirrored = await post(
      owner,
      await editPhoto(photo, 'mirror + crop 10% centred + turn 5° trim + JPEG q50'),
    );
    expect(mirrored.body).toEqual({ message: 'You have already posted this photo' });

    // And a second start files nothing again.
    app = await app.restart();
    await request(app.server).get('/api/health').expect(200);
    expect(await typesOf(`post-${postId}`)).toEqual(['PostPublished', 'PostFingerprinted']);
    expect(await typesOf(accountPhotosStreamId(owner.user.id))).toEqual(['PhotoClaimed']);

    // Deleting the post frees its photo for its owner.
    await request(app.server)
      .delete(`/api/user/posts/${postId}`)
      .set('Cookie', owner.sessionCookie)
      .expect(200);
    expect((await post(owner, photo)).status).toBe(201);
  }, 120_000);
});
