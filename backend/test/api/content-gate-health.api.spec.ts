import request from 'supertest';
import { CONTENT_GATE, type ContentGate } from '../../src/application/ports/content-gate.port';
import { loadConfig } from '../../src/config/config';
import { createContentGate } from '../../src/infrastructure/adapters';
import { startTestApp, type TestApp } from '../support/test-app';

describe('health and the offline content gate', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The configured gate (the offline models), not the scripted one other suites use.
    const gate = createContentGate(loadConfig({ NODE_ENV: 'test' }));
    app = await startTestApp({}, undefined, { contentGate: gate });
  });
  afterAll(() => app.close());

  it('reports the gate ready only once its models have loaded', async () => {
    const first = await request(app.server).get('/api/health').expect(200);
    expect(first.body).toMatchObject({ status: 'ok', gate: { name: 'offline-v1', ready: false } });

    await app.app.get<ContentGate>(CONTENT_GATE).ready();
    const loaded = await request(app.server).get('/api/health').expect(200);
    expect(loaded.body).toMatchObject({ status: 'ok', gate: { name: 'offline-v1', ready: true } });
  }, 180_000);
});
