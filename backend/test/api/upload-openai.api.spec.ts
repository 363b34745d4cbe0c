import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import {
  type FakeOpenAi,
  type FakeOpenAiResponse,
  ratingResponse,
  startFakeOpenAi,
} from '../support/fake-openai-server';
import { verifiedUser } from '../support/community';
import { makeJpeg } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

describe('POST /api/upload with the OpenAI rater (local OpenAI-compatible server)', () => {
  let openAi: FakeOpenAi;
  let app: TestApp;
  let next: () => FakeOpenAiResponse = () => ratingResponse();

  beforeAll(async () => {
    openAi = await startFakeOpenAi(() => next());
    app = await startTestApp({
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_MODEL: 'gpt-4o-mini',
      OPENAI_BASE_URL: openAi.url,
      OPENAI_TIMEOUT_MS: '2000',
      UPLOAD_LIMIT_PER_HOUR: '1000',
    });
  });
  afterAll(async () => {
    await app.close();
    await openAi.close();
  });

  const upload = async (seed: number) =>
    request(app.server)
      .post('/api/upload')
      .attach('image', await makeJpeg({ width: 800, height: 600, seed }), {
        filename: 'feet.jpg',
        contentType: 'image/jpeg',
      });

  const lastRatingEvent = async () =>
    (await app.events.readAll()).filter((e) => e.streamId.startsWith('rating-')).at(-1);

  it('answers the model scores and records them, after sending the photo with a strict schema', async () => {
    next = () => ratingResponse({ overall: 8.26, toeNails: 9.04, comment: 'Neat and tidy!' });
    const response = await upload(1);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      averageRating: '8.3',
      toeAlignment: 7.2,
      toeNails: 9,
      footShape: 7.7,
      aesthetic: 6.9,
      aiComment: 'Neat and tidy!',
      rater: 'openai',
    });

    const sent = openAi.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent.body.model).toBe('gpt-4o-mini');
    expect(sent.body.response_format?.type).toBe('json_schema');
    expect(sent.body.response_format?.json_schema?.strict).toBe(true);
    expect(JSON.stringify(sent.body.messages)).toContain('data:image/jpeg;base64,');

    expect((await lastRatingEvent())?.data).toMatchObject({
      rater: 'openai:gpt-4o-mini',
      overall: 8.3,
    });
  });

  it.each([
    ['face_or_person', /no faces, people or identifiable features/],
    ['nudity_or_explicit', /no nudity or explicit content/],
    ['not_feet', /doesn't look like feet/],
  ])(
    'refuses a photo the model judges %s with 422, records the rejection, keeps no image',
    async (verdict, message) => {
      next = () => ratingResponse({ verdict });
      const uploadsBefore = listUploads(app);
      const response = await upload(40 + verdict.length);
      expect(response.status).toBe(422);
      expect((response.body as Schema<'ErrorResponse'>).message).toMatch(message);
      const event = await lastRatingEvent();
      expect(event?.type).toBe('PhotoRejected');
      expect(event?.data).toMatchObject({ reason: verdict });
      expect(listUploads(app)).toEqual(uploadsBefore);
    },
  );

  it('refuses a profile picture that shows a face, and keeps the old picture', async () => {
    next = () => ratingResponse({ verdict: 'face_or_person' });
    const { agent } = await verifiedUser(app);
    const response = await agent
      .post('/api/user/profile/picture')
      .attach('picture', await makeJpeg({ width: 400, height: 400, seed: 5 }), {
        filename: 'me.jpg',
        contentType: 'image/jpeg',
      });
    expect(response.status).toBe(422);
    expect((response.body as Schema<'ErrorResponse'>).message).toMatch(/must not show faces/);
    expect(
      ((await agent.get('/api/user').expect(200)).body as Schema<'UserResponse'>).profilePictureUrl,
    ).toBeNull();
  });

  it('answers 503 with a message when the model service fails, and records nothing', async () => {
    next = () => ({ status: 500, json: { error: { message: 'upstream exploded' } } });
    const before = (await app.events.readAll()).length;
    const response = await upload(77);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      message: 'Rating is unavailable right now. Please try again in a moment.',
    });
    expect(await app.events.readAll()).toHaveLength(before);
  });
});

function listUploads(app: TestApp): string[] {
  const root = join(app.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true }).map(String).sort();
}
