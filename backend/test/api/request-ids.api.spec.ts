import request from 'supertest';
import type { ContentGate } from '../../src/application/ports/content-gate.port';
import { eventsOf, registerUser, uniqueEmail } from '../support/accounts';
import { LogCapture } from '../support/log-capture';
import { rawRequest } from '../support/raw-get';
import { startTestApp, type TestApp } from '../support/test-app';
import { makeJpeg } from '../support/test-images';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A content gate that fails as nothing expected: the upload answers 500. */
const brokenGate: ContentGate = {
  name: 'broken',
  ready: async () => {},
  judge: () => Promise.reject(new Error('The gate fell over')),
  close: async () => {},
};

describe('X-Request-Id', () => {
  const log = new LogCapture();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ...ADMIN, LOG_LEVEL: 'info' }, undefined, {
      logDestination: log.stream,
      contentGate: brokenGate,
    });
  });
  afterAll(() => app.close());

  it('keeps a client’s id for the request’s log line, but gives its events, the audit log and the line a correlation id of the server’s making', async () => {
    const login = await request(app.server)
      .post('/api/rtm-sys/login')
      .set('X-Request-Id', 'abc-123')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    expect(login.headers['x-request-id']).toBe('abc-123');

    const signedIn = (await app.events.readAll()).filter((e) => e.type === 'AdminSignedIn');
    expect(signedIn).toHaveLength(1);
    const correlationId = signedIn[0]!.metadata.correlationId;
    expect(correlationId).toMatch(UUID);

    const audit = await request(app.server)
      .get('/api/rtm-sys/audit?kind=AdminSignedIn')
      .set('Cookie', login.headers['set-cookie'] as unknown as string[])
      .expect(200);
    const entries = (audit.body as Schema<'AuditPage'>).items;
    expect(entries.map((e) => [e.kind, e.correlationId])).toEqual([
      ['AdminSignedIn', correlationId],
    ]);

    // The audit entry's id leads to the request's line, which also names the client's id.
    expect(await log.line((line) => line.correlationId === correlationId)).toMatchObject({
      level: 'info',
      requestId: 'abc-123',
      method: 'POST',
      route: '/api/rtm-sys/login',
      status: 200,
      durationMs: expect.any(Number) as number,
      msg: 'POST /api/rtm-sys/login 200',
    });
  });

  it('never lets two requests that send the same id share a correlation id', async () => {
    const registered = await Promise.all(
      [uniqueEmail('ids'), uniqueEmail('ids')].map((email) =>
        request(app.server)
          .post('/api/auth/register')
          .set('X-Request-Id', 'sign-up.42')
          .send({ email, password: 'quiet otters fold paper lanterns' })
          .expect(201),
      ),
    );
    const correlationIds = await Promise.all(
      registered.map(async (answer) => {
        expect(answer.headers['x-request-id']).toBe('sign-up.42');
        const events = await eventsOf(app, `user-${(answer.body as Schema<'UserResponse'>).id}`);
        expect(events.length).toBeGreaterThan(0);
        const ids = new Set(events.map((e) => e.metadata.correlationId));
        expect(ids.size).toBe(1);
        return [...ids][0]!;
      }),
    );
    for (const id of correlationIds) expect(id).toMatch(UUID);
    expect(correlationIds[0]).not.toBe(correlationIds[1]);
  });

  it('uses a request’s own new id as its correlation id when the client sends none', async () => {
    const registered = await request(app.server)
      .post('/api/auth/register')
      .send({ email: uniqueEmail('ids'), password: 'quiet otters fold paper lanterns' })
      .expect(201);
    const requestId = registered.headers['x-request-id'] as string;
    expect(requestId).toMatch(UUID);
    const events = await eventsOf(app, `user-${(registered.body as Schema<'UserResponse'>).id}`);
    expect(new Set(events.map((e) => e.metadata.correlationId))).toEqual(new Set([requestId]));
  });

  it('gives a request without one a new id, different each time, on every kind of answer', async () => {
    const member = await registerUser(app);
    const answers = [
      await member.agent.get('/api/auth/me').expect(200),
      await request(app.server).get('/api/posts/no-such-post').expect(404),
      await request(app.server).get('/api/no-such-route').expect(404),
      await request(app.server).get('/uploads/no-such-image.webp').expect(404),
      await request(app.server).get('/api/openapi.json').expect(200),
      await request(app.server).post('/api/auth/login').send({ email: '' }).expect(400),
    ];
    const ids = answers.map((answer) => answer.headers['x-request-id'] as string);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    const lines = await Promise.all(ids.map((id) => log.line((line) => line.requestId === id)));
    expect(lines.map((line) => [line.route ?? line.path, line.status])).toEqual([
      ['/api/auth/me', 200],
      ['/api/posts/:id', 404],
      ['/api/no-such-route', 404],
      ['/uploads/no-such-image.webp', 404],
      ['/api/openapi.json', 200],
      ['/api/auth/login', 400],
    ]);
  });

  it('logs a health check that succeeds only at the debug level', async () => {
    await request(app.server).get('/api/health').set('X-Request-Id', 'probe-1').expect(200);
    await request(app.server).get('/api/auth/me').set('X-Request-Id', 'after-probe').expect(401);
    // Lines are written in the order answers complete: the probe's would be there by now.
    await log.line((line) => line.requestId === 'after-probe');
    expect(log.lines().filter((line) => line.requestId === 'probe-1')).toEqual([]);
  });

  it('keeps a well-formed id of the longest length, dots and underscores included', async () => {
    const longest = `trace_1.${'f'.repeat(56)}`;
    const response = await request(app.server)
      .get('/api/auth/me')
      .set('X-Request-Id', longest)
      .expect(401);
    expect(response.headers['x-request-id']).toBe(longest);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['with a space', 'abc 123'],
    ['with a tab', 'abc\t123'],
    ['with other characters', 'abc/123;drop'],
    ['two of them', ['dup-1', 'dup-2']],
    // A line break (which would forge a log line) cannot even arrive: Node refuses such a header.
  ])('replaces an id %s, never echoing or logging it', async (_case, sent) => {
    const response = await rawRequest(app.server, '/api/auth/me', {
      'X-Request-Id': sent as string,
    });
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(await log.line((line) => line.requestId === id)).toMatchObject({ status: 401 });
    for (const part of [sent].flat()) expect(log.text()).not.toContain(part);
  });

  it('logs the stack of an unexpected error once, with the request id, and not in the request line', async () => {
    const jpeg = await makeJpeg({ width: 344, height: 258, seed: 7 });
    const response = await request(app.server)
      .post('/api/upload')
      .set('X-Request-Id', 'upload-500')
      .attach('image', jpeg, { filename: 'feet.jpg', contentType: 'image/jpeg' })
      .expect(500);
    expect(response.body).toEqual({
      message: 'Something went wrong on our side. Please try again.',
    });
    const requestLine = await log.line(
      (line) => line.requestId === 'upload-500' && 'status' in line,
    );
    expect(requestLine).toMatchObject({ level: 'error', route: '/api/upload', status: 500 });
    expect(requestLine).not.toHaveProperty('err');
    const mentions = log
      .lines()
      .filter((line) => JSON.stringify(line).includes('The gate fell over'));
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatchObject({
      level: 'error',
      requestId: 'upload-500',
      context: 'HttpError',
    });
    expect((mentions[0]!.err as { stack: string }).stack).toMatch(
      /^Error: The gate fell over\n\s+at /,
    );
  });
});
