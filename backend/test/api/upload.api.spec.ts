import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { RecordedEvent } from '../../src/domain/shared/event';
import { exifHasGps, makeJpeg, makeNoisyJpegOfSize, makePng } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';
import { uploaderCookie } from '../support/community';

const RESULT_FIELDS = [
  'averageRating',
  'toeAlignment',
  'toeNails',
  'footShape',
  'aesthetic',
  'aiComment',
  'rater',
  'imageUrl',
  'imageHash',
  'publishKey',
  'heldForReview',
].sort();

const ratingEvents = async (app: TestApp): Promise<RecordedEvent[]> =>
  (await app.events.readAll()).filter((e) => e.streamId.startsWith('rating-'));

const storedFile = (app: TestApp, imageUrl: string) =>
  readFileSync(join(app.dataDir, imageUrl.replace(/^\/uploads\//, 'uploads/')));

describe('POST /api/upload with the offline rater', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '1000' });
  });
  afterAll(() => app.close());

  it('rates a JPEG, records the rating as an event and serves the stored image', async () => {
    const jpeg = await makeJpeg({ width: 1200, height: 900, seed: 3 });
    const response = await request(app.server)
      .post('/api/upload')
      .attach('image', jpeg, { filename: 'feet.jpg', contentType: 'image/jpeg' })
      .expect(200);

    const body = response.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(RESULT_FIELDS);
    expect(body.averageRating).toMatch(/^(10|\d)\.\d$/);
    for (const field of ['toeAlignment', 'toeNails', 'footShape', 'aesthetic']) {
      expect(body[field]).toBeGreaterThanOrEqual(0);
      expect(body[field]).toBeLessThanOrEqual(10);
    }
    expect(body.imageHash).toMatch(/^[0-9a-f]{16}$/);
    // The screens tell an offline rating for what it is: a measure of the photo, not the feet.
    expect(body.rater).toBe('offline');
    expect(body.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);

    const [event] = (await ratingEvents(app)).slice(-1);
    expect(event.type).toBe('PhotoRated');
    expect(event.data).toMatchObject({
      imageUrl: body.imageUrl,
      imageHash: body.imageHash,
      overall: Number(body.averageRating),
      comment: body.aiComment,
      rater: 'offline-v2',
      uploaderId: null,
      // The log keeps only the hash of the key that publishing needs, never the key.
      publishKeyHash: createHash('sha256')
        .update(body.publishKey as string)
        .digest('hex'),
    });
    expect(JSON.stringify([event.data, event.metadata])).not.toContain(body.publishKey as string);
    expect(body.publishKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(event.metadata.actor.type).toBe('visitor');
    expect(event.metadata.actor.id).not.toContain('127.0.0.1');

    // Read your writes: the read model already has it when the answer arrives.
    const ratingId = (event.data as { ratingId: string }).ratingId;
    expect(await app.reads.findOne('photo_ratings', { _id: ratingId })).toMatchObject({
      status: 'rated',
      imageUrl: body.imageUrl,
    });

    // Until it is published, the photo is the uploading browser's alone (its `uploader` cookie):
    // a photo the gate holds for review cannot be handed around meanwhile.
    const cookie = uploaderCookie(response.headers['set-cookie']);
    expect(String(response.headers['set-cookie'])).toMatch(
      /uploader=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax/,
    );
    const image = await request(app.server)
      .get(body.imageUrl as string)
      .set('Cookie', cookie!)
      .expect(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-cache');
    expect((await sharp(image.body as Buffer).metadata()).format).toBe('webp');
    await request(app.server)
      .get(body.imageUrl as string)
      .expect(404);
    await request(app.server)
      .get(body.imageUrl as string)
      .set('Cookie', `uploader=${'A'.repeat(43)}`)
      .expect(404);
    await request(app.server)
      .get((body.imageUrl as string).replace(/\.webp$/, '.thumb.webp'))
      .set('Cookie', cookie!)
      .expect(200);
  });

  it('rates a PNG', async () => {
    const png = await makePng({ width: 800, height: 600, seed: 5 });
    const response = await request(app.server)
      .post('/api/upload')
      .attach('image', png, { filename: 'feet.png', contentType: 'image/png' })
      .expect(200);
    expect(Object.keys(response.body as object).sort()).toEqual(RESULT_FIELDS);
  });

  it('gives the same photo the same offline rating and stores it once', async () => {
    const jpeg = await makeJpeg({ width: 640, height: 480, seed: 11 });
    const upload = () =>
      request(app.server)
        .post('/api/upload')
        .attach('image', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' })
        .expect(200);
    const { publishKey: firstKey, ...first } = (await upload()).body as Record<string, unknown>;
    const { publishKey: secondKey, ...second } = (await upload()).body as Record<string, unknown>;
    expect(second).toEqual(first);
    // Each upload is its uploader's own to publish.
    expect(secondKey).not.toEqual(firstKey);
  });

  it('rejects a text file renamed .jpg with 400 and records nothing', async () => {
    const before = (await ratingEvents(app)).length;
    const response = await request(app.server)
      .post('/api/upload')
      .attach('image', Buffer.from('just some text, not a photo\n'.repeat(50)), {
        filename: 'feet.jpg',
        contentType: 'image/jpeg',
      })
      .expect(400);
    expect(response.body).toEqual({ message: 'Please upload an image file' });
    expect(await ratingEvents(app)).toHaveLength(before);
  });

  it('answers 400 when no file is sent', async () => {
    const response = await request(app.server).post('/api/upload').field('x', 'y').expect(400);
    expect(response.body).toEqual({ message: 'Please upload an image file' });
  });

  it('says plainly what is wrong with a multipart body that is not one image in its field', async () => {
    const jpeg = await makeJpeg({ width: 344, height: 258, seed: 11 });
    const upload = () => request(app.server).post('/api/upload');
    const shape = { message: 'Please send one image, as the form\'s "image" file.' };
    const unreadable = { message: 'The upload could not be read. Please choose the photo again.' };
    expect((await upload().attach('file', jpeg, 'a.jpg').expect(400)).body).toEqual(shape);
    const two = upload().attach('image', jpeg, 'a.jpg').attach('image', jpeg, 'b.jpg');
    expect((await two.expect(400)).body).toEqual(shape);
    const noBoundary = upload().set('Content-Type', 'multipart/form-data').send('xx');
    expect((await noBoundary.expect(400)).body).toEqual(unreadable);
    const cut = upload()
      .set('Content-Type', 'multipart/form-data; boundary=abc')
      .send('--abc\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nxx');
    expect((await cut.expect(400)).body).toEqual(unreadable);
  });

  it('answers an address it cannot decode with 400 and a plain message', async () => {
    const response = await request(app.server).get('/api/posts/%ff').expect(400);
    expect(response.body).toEqual({ message: 'This address is not valid.' });
  });

  it('refuses an 11 MB file with 413 and a message', async () => {
    const big = await makeNoisyJpegOfSize(11 * 1024 * 1024);
    const response = await request(app.server)
      .post('/api/upload')
      .attach('image', big, { filename: 'big.jpg', contentType: 'image/jpeg' });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      message: 'Images must be 10 MB or smaller. Please choose a smaller photo.',
    });
  });

  it('refuses a 40×40 image with 422 and the too-small message, rating nothing', async () => {
    const rated = async () =>
      (await ratingEvents(app)).filter((e) => e.type !== 'PhotoRejected').length;
    const before = await rated();
    const tiny = await makeJpeg({ width: 40, height: 40, seed: 40 });
    const response = await request(app.server)
      .post('/api/upload')
      .attach('image', tiny, { filename: 'tiny.jpg', contentType: 'image/jpeg' })
      .expect(422);
    expect(response.body).toEqual({
      message:
        'This photo is too small to check. Please upload a photo at least 256 pixels on its shorter side.',
    });
    expect(await rated()).toBe(before);
    expect((await ratingEvents(app)).at(-1)).toMatchObject({
      type: 'PhotoRejected',
      data: { reason: 'too_small' },
    });
  });

  it('strips EXIF and GPS from the stored copy of a JPEG that had them', async () => {
    const jpeg = await makeJpeg({ width: 900, height: 700, seed: 21, withGps: true });
    expect(exifHasGps((await sharp(jpeg).metadata()).exif)).toBe(true);

    const response = await request(app.server)
      .post('/api/upload')
      .attach('image', jpeg, { filename: 'gps.jpg', contentType: 'image/jpeg' })
      .expect(200);
    const { imageUrl } = response.body as Schema<'RatingResultResponse'>;
    const stored = await sharp(storedFile(app, imageUrl)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.icc === undefined || !exifHasGps(stored.icc)).toBe(true);
    expect(storedFile(app, imageUrl).includes(Buffer.from('GPS'))).toBe(false);
  });

  it('answers JSON 404 for an image that does not exist', async () => {
    const response = await request(app.server).get('/uploads/ab/nothing.webp').expect(404);
    expect(response.body).toEqual({ message: 'Image not found' });
  });
});

describe('POST /api/upload rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '2' });
  });
  afterAll(() => app.close());

  it('answers 429 with a message once an address has used its uploads for the hour', async () => {
    const jpeg = await makeJpeg({ width: 344, height: 258, seed: 2 });
    const upload = () =>
      request(app.server)
        .post('/api/upload')
        .attach('image', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' });
    expect((await upload()).status).toBe(200);
    expect((await upload()).status).toBe(200);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect((refused.body as Schema<'ErrorResponse'>).message).toMatch(
      /^You have reached the limit of 2 photos an hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('uploaded ratings across a restart', () => {
  it('keeps the rating and the image when the app restarts on the same data', async () => {
    let app = await startTestApp();
    try {
      const jpeg = await makeJpeg({ width: 500, height: 400, seed: 8 });
      const { body, headers } = await request(app.server)
        .post('/api/upload')
        .attach('image', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' })
        .expect(200);
      app = await app.restart();
      const [event] = await ratingEvents(app);
      expect(event.data).toMatchObject({ imageUrl: body.imageUrl });
      const ratingId = (event.data as { ratingId: string }).ratingId;
      expect(await app.reads.findOne('photo_ratings', { _id: ratingId })).toMatchObject({
        imageUrl: body.imageUrl,
      });
      await request(app.server)
        .get(body.imageUrl as string)
        .set('Cookie', uploaderCookie(headers['set-cookie'])!)
        .expect(200);
    } finally {
      await app.close();
    }
  });
});
