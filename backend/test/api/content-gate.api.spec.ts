import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { CONTENT_GATE, type ContentGate } from '../../src/application/ports/content-gate.port';
import { loadConfig } from '../../src/config/config';
import { createContentGate } from '../../src/infrastructure/adapters';
import { startTestApp, storedFiles, type TestApp } from '../support/test-app';

const TOKEN = 'operator-token-0123456789abcdef0123456789';
const fixture = (path: string) => readFileSync(join(__dirname, '../fixtures/content-gate', path));

/**
 * The offline content gate on a real app, with real photos (the models loaded once for the
 * file): health says when it is ready, and an upload of a face or a person is refused with its
 * reason, recorded with the scores that decided it, and never stored.
 */
describe('the offline content gate on real photos', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The configured gate (the offline models), not the scripted one other suites use.
    const gate = createContentGate(loadConfig({ NODE_ENV: 'test' }));
    app = await startTestApp({ METRICS_TOKEN: TOKEN }, undefined, { contentGate: gate });
  });
  afterAll(() => app.close());

  const upload = (image: Buffer) =>
    request(app.server)
      .post('/api/upload')
      .attach('image', image, { filename: 'photo.jpg', contentType: 'image/jpeg' });
  const rejections = async () =>
    (await app.events.readAll()).filter((event) => event.type === 'PhotoRejected');

  it('reports the gate ready only once its models have loaded', async () => {
    const health = () =>
      request(app.server).get('/api/health').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    const first = await health();
    expect(first.body).toMatchObject({ status: 'ok', gate: { name: 'offline-v1', ready: false } });

    await app.app.get<ContentGate>(CONTENT_GATE).ready();
    const loaded = await health();
    expect(loaded.body).toMatchObject({ status: 'ok', gate: { name: 'offline-v1', ready: true } });
  }, 180_000);

  it.each([
    ['face/astronaut.jpg', /face/i],
    ['face/face-pasted-into-coffee.jpg', /face/i],
    ['person/astronaut-face-blurred.jpg', /person|face/i],
  ])(
    'refuses %s with its reason, records the scores and stores nothing',
    async (file, reason) => {
      const before = (await rejections()).length;
      const answer = await upload(fixture(file)).expect(422);
      expect(answer.body.message).toMatch(reason);
      expect(storedFiles(app)).toEqual([]);

      const recorded = (await rejections()).slice(before);
      expect(recorded).toHaveLength(1);
      expect(recorded[0].data).toMatchObject({
        reason: 'face_or_person',
        gate: { outcome: 'refuse', gate: 'offline-v1' },
      });
      const scores = (recorded[0].data as { gate: { scores: Record<string, number> } }).gate.scores;
      expect(Math.max(...Object.values(scores))).toBeGreaterThanOrEqual(0.5);
    },
    120_000,
  );

  it('rates and stores a plain photo the gate passes', async () => {
    const answer = await upload(fixture('plain/brick.jpg')).expect(200);
    expect(answer.body.averageRating).toMatch(/^\d+\.\d$/);
    expect(storedFiles(app).length).toBeGreaterThan(0);
  }, 120_000);
});
