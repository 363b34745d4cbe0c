import request from 'supertest';
import { PROJECTION_RUNNER } from '../../src/app.module';
import type { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import { ADMIN_SESSIONS } from '../../src/projections/admin-sessions/admin-sessions.projection';
import { projectionsStopped } from '../support/projection-lag';
import { accountKeys, registerUser, sessionCookieOf } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };

const adminEvents = async (app: TestApp) =>
  (await app.events.readAll()).filter((e) => e.streamId.startsWith('admin-'));

const adminLogin = (app: TestApp, username = 'root_admin', password = ADMIN.ADMIN_PASSWORD) =>
  request(app.server).post('/api/rtm-sys/login').send({ username, password });

describe('admin sign-in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(ADMIN);
  });
  afterAll(() => app.close());

  it('creates the first admin from ADMIN_USERNAME / ADMIN_PASSWORD at start', async () => {
    const created = (await adminEvents(app)).find((e) => e.type === 'AdminCreated')!;
    expect(created.streamId).toMatch(/^admin-[0-9a-f-]{36}$/);
    expect(created.data).toMatchObject({ username: 'root_admin' });
    expect((created.data as { passwordHash: string }).passwordHash).toMatch(/^\$argon2id\$/);
    expect(created.metadata.actor).toEqual({ type: 'system', id: 'first-admin' });
  });

  it('signs in with its own cookie, answers the admin, and records the sign-in', async () => {
    const response = await adminLogin(app).expect(200);
    expect(response.body).toEqual({ id: expect.any(String), username: 'root_admin' });
    const cookie = (response.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('admin_sid='),
    );
    expect(cookie).toMatch(/^admin_sid=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('Path=/api/rtm-sys');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=43200');

    const me = await request(app.server)
      .get('/api/rtm-sys/me')
      .set('Cookie', sessionCookieOf(cookie, 'admin_sid'))
      .expect(200);
    expect(me.body).toEqual(response.body);
    expect((await adminEvents(app)).at(-1)).toMatchObject({
      type: 'AdminSignedIn',
      metadata: { actor: { type: 'admin', id: (response.body as Schema<'AdminResponse'>).id } },
    });
  });

  it('signs out, records it, and the old cookie no longer opens the admin api', async () => {
    const cookie = sessionCookieOf(
      (await adminLogin(app).expect(200)).headers['set-cookie'],
      'admin_sid',
    );
    const response = await request(app.server)
      .post('/api/rtm-sys/logout')
      .set('Cookie', cookie)
      .expect(200);
    expect(response.body).toEqual({ success: true });
    expect(String(response.headers['set-cookie'])).toMatch(/^admin_sid=; Path=\/api\/rtm-sys; /);
    expect((await adminEvents(app)).at(-1)?.type).toBe('AdminSignedOut');
    const me = await request(app.server).get('/api/rtm-sys/me').set('Cookie', cookie).expect(401);
    expect(me.body).toEqual({ message: 'Please sign in as an admin to continue.' });
  });

  it('answers 401 "Invalid credentials" for a wrong password or an unknown admin', async () => {
    for (const [username, password] of [
      ['root_admin', 'not the password'],
      ['ROOT_ADMIN', 'not the password'],
      ['nobody', ADMIN.ADMIN_PASSWORD],
      ['bad name!', ADMIN.ADMIN_PASSWORD],
    ]) {
      const response = await adminLogin(app, username, password).expect(401);
      expect(response.body).toEqual({ message: 'Invalid credentials' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('accepts the username in any case', async () => {
    await adminLogin(app, 'Root_Admin').expect(200);
  });

  it.each([
    [{ password: 'x' }, 'Username is required'],
    [{ username: '  ', password: 'x' }, 'Username is required'],
    [{ username: 'root_admin' }, 'Password is required'],
    [{ username: 'root_admin', password: '' }, 'Password is required'],
  ])('refuses %p with 400', async (body, message) => {
    const response = await request(app.server).post('/api/rtm-sys/login').send(body).expect(400);
    expect(response.body).toEqual({ message });
  });

  it('never lets a user session open the admin api', async () => {
    const { agent, sessionCookie } = await registerUser(app);
    await agent.get('/api/rtm-sys/me').expect(401);
    const token = sessionCookie.split('=')[1];
    await request(app.server)
      .get('/api/rtm-sys/me')
      .set('Cookie', `admin_sid=${token}`)
      .expect(401);
  });

  it('never lets an admin session act as a user', async () => {
    const cookie = sessionCookieOf(
      (await adminLogin(app).expect(200)).headers['set-cookie'],
      'admin_sid',
    );
    const token = cookie.split('=')[1];
    for (const sent of [cookie, `sid=${token}`]) {
      await request(app.server).get('/api/auth/me').set('Cookie', sent).expect(401);
      await request(app.server).get('/api/user').set('Cookie', sent).expect(401);
      await request(app.server)
        .patch('/api/user/profile')
        .set('Cookie', sent)
        .send({ bio: 'x' })
        .expect(401);
    }
  });

  it('refuses a cross-site admin sign-in', async () => {
    await adminLogin(app).set('Origin', 'https://evil.example').expect(403);
  });
});

describe('admin sign-in under a crowd of wrong passwords', () => {
  it('lets the real admin in from a browser that signed in before; a new browser waits', async () => {
    const app = await startTestApp({ ...ADMIN, TRUST_PROXY: '1' });
    try {
      const from = (address: string) => ({ 'X-Forwarded-For': address });
      // The admin's browser keeps its cookies and sends each only where its Path allows.
      const browser = request.agent(app.server);
      const signIn = (password = ADMIN.ADMIN_PASSWORD) =>
        browser.post('/api/rtm-sys/login').send({ username: 'root_admin', password });
      const first = await signIn().set(from('198.51.100.10')).expect(200);
      const setKnown = ([] as string[])
        .concat(first.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('known_browser='))!;
      // Sent back only to the admin sign-in, so the user sign-in's cookie is never replaced.
      expect(setKnown).toContain('Path=/api/rtm-sys/login;');
      expect(setKnown).toContain('HttpOnly');

      // A dozen addresses fail about a hundred times on the admin: the admin-wide limit is spent.
      const strangers = Array.from({ length: 12 }, (_, i) => `203.0.113.${i + 1}`);
      const answers = await Promise.all(
        strangers.map(async (address) => {
          const statuses: number[] = [];
          for (let i = 0; i < 9; i += 1) {
            statuses.push((await adminLogin(app, 'root_admin', 'wrong').set(from(address))).status);
          }
          return statuses;
        }),
      );
      expect(answers.flat().filter((status) => status === 401).length).toBe(100);
      expect(answers.flat().filter((status) => status === 429).length).toBe(8);

      // A new browser, even with the right password, waits.
      const refused = await adminLogin(app).set(from('192.0.2.50')).expect(429);
      expect(refused.body.message).toMatch(/Too many failed sign-in attempts/);
      // A forged mark is a new browser too.
      await adminLogin(app)
        .set(from('192.0.2.51'))
        .set('Cookie', 'known_browser=forged')
        .expect(429);
      // The browser that signed in before gets in, from wherever it is now.
      const admitted = await signIn().set(from('192.0.2.52')).expect(200);
      expect(admitted.body).toEqual({ id: expect.any(String), username: 'root_admin' });
      // It is no way around a wrong password: that still fails.
      await signIn('wrong').set(from('192.0.2.52')).expect(401);
    } finally {
      await app.close();
    }
  });
});

describe('the first admin across restarts', () => {
  it('is created once; a restart with other credentials creates no second admin', async () => {
    let app = await startTestApp(ADMIN);
    try {
      app = await app.restart();
      await app.app.close();
      app = await startTestApp(
        { ADMIN_USERNAME: 'another_admin', ADMIN_PASSWORD: 'another long password' },
        app.dataDir,
      );
      const created = (await adminEvents(app)).filter((e) => e.type === 'AdminCreated');
      expect(created).toHaveLength(1);
      await adminLogin(app).expect(200);
      await adminLogin(app, 'another_admin', 'another long password').expect(401);
    } finally {
      await app.close();
    }
  });

  it('creates no admin without credentials, so nobody can sign in', async () => {
    const app = await startTestApp();
    try {
      expect(await adminEvents(app)).toEqual([]);
      await adminLogin(app).expect(401);
    } finally {
      await app.close();
    }
  });

  it('completes an admin whose username was claimed before a crash', async () => {
    let app = await startTestApp();
    try {
      // What a start that died between claiming the name and creating the admin leaves behind.
      await app.events.appendToStream(
        accountKeys(app).adminUsernameStream('root_admin'),
        [
          {
            id: '6f1c2a52-6a53-4d38-9a43-0c6f6cf5c0a1',
            type: 'ReservationClaimed',
            data: { ownerId: '11111111-1111-4111-8111-111111111111' },
            metadata: {
              actor: { type: 'system', id: 'first-admin' },
              correlationId: 'first-admin',
              causationId: 'first-admin',
              at: new Date().toISOString(),
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      await app.app.close();
      app = await startTestApp(ADMIN, app.dataDir);
      const login = await adminLogin(app).expect(200);
      expect(login.body).toEqual({
        id: '11111111-1111-4111-8111-111111111111',
        username: 'root_admin',
      });
    } finally {
      await app.close();
    }
  });
});

describe('admin sign-in while the projections lag', () => {
  it('knows the new admin session once they have it, instead of answering signed out', async () => {
    const app = await startTestApp(ADMIN);
    try {
      const lag = await projectionsStopped(app);
      const cookie = sessionCookieOf(
        (await adminLogin(app).expect(200)).headers['set-cookie'],
        'admin_sid',
      );

      const resumed = lag.resumeAtFirstMiss(ADMIN_SESSIONS);
      const asked = request(app.server)
        .get('/api/rtm-sys/me')
        .set('Cookie', cookie)
        .then((answer) => answer);
      await resumed;

      const answer = await asked;
      expect({ status: answer.status, body: answer.body as unknown }).toMatchObject({
        status: 200,
        body: { username: 'root_admin' },
      });
    } finally {
      await app.close();
    }
  });
});

describe('admin sign-out while the projections lag', () => {
  it('takes effect before the answer: the old admin cookie is refused at once', async () => {
    const app = await startTestApp(ADMIN);
    try {
      const cookie = sessionCookieOf(
        (await adminLogin(app).expect(200)).headers['set-cookie'],
        'admin_sid',
      );
      const other = sessionCookieOf(
        (await adminLogin(app).expect(200)).headers['set-cookie'],
        'admin_sid',
      );
      await request(app.server).get('/api/rtm-sys/me').set('Cookie', cookie).expect(200);
      // From here on nothing reaches the read models.
      await app.app.get<ProjectionRunner>(PROJECTION_RUNNER).stop();

      await request(app.server).post('/api/rtm-sys/logout').set('Cookie', cookie).expect(200);
      const me = await request(app.server).get('/api/rtm-sys/me').set('Cookie', cookie).expect(401);
      expect(me.body).toEqual({ message: 'Please sign in as an admin to continue.' });
      // The session read model still lists it: only the mark refuses it.
      expect(await app.reads.count('admin_sessions', {})).toBe(2);
      // Another admin session is untouched.
      await request(app.server).get('/api/rtm-sys/me').set('Cookie', other).expect(200);
    } finally {
      await app.close();
    }
  });
});
