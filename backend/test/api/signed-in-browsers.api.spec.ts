import request from 'supertest';
import { PROJECTION_RUNNER } from '../../src/app.module';
import type { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import { registerUser, sessionCookieOf } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('signed-in browsers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const signIn = async (email: string, password: string, userAgent: string) =>
    sessionCookieOf(
      (
        await request(app.server)
          .post('/api/auth/login')
          .set('User-Agent', userAgent)
          .send({ email, password })
          .expect(200)
      ).headers['set-cookie'],
      'sid',
    );

  it('lists the account’s browsers, this one marked, and ends another one', async () => {
    const owner = await registerUser(app);
    const laptop = await signIn(owner.email, owner.password, FIREFOX_LINUX);
    const phone = await signIn(owner.email, owner.password, SAFARI_IPHONE);

    const listed = await request(app.server)
      .get('/api/user/sessions')
      .set('Cookie', laptop)
      .expect(200);
    const sessions = listed.body as Schema<'SessionResponse'>[];
    expect(sessions.map((s) => [s.browser, s.current])).toEqual([
      ['Safari on iOS', false],
      ['Firefox on Linux', true],
      [null, false], // the session registering started (supertest names no browser)
    ]);
    expect(listed.headers['cache-control']).toBe('private, no-store');

    await request(app.server)
      .delete(`/api/user/sessions/${sessions[0].id}`)
      .set('Cookie', laptop)
      .expect(200);
    await request(app.server).get('/api/auth/me').set('Cookie', phone).expect(401);
    await request(app.server).get('/api/auth/me').set('Cookie', laptop).expect(200);
    const after = await request(app.server).get('/api/user/sessions').set('Cookie', laptop);
    expect((after.body as unknown[]).length).toBe(2);
  });

  it('answers 404 for a session that is not the account’s own, and 401 when signed out', async () => {
    const owner = await registerUser(app);
    const other = await registerUser(app);
    const theirs = (
      await request(app.server).get('/api/user/sessions').set('Cookie', other.sessionCookie)
    ).body as Schema<'SessionResponse'>[];
    const refused = await request(app.server)
      .delete(`/api/user/sessions/${theirs[0].id}`)
      .set('Cookie', owner.sessionCookie)
      .expect(404);
    expect(refused.body.message).toBe('That browser is not signed in to your account');
    await request(app.server).get('/api/auth/me').set('Cookie', other.sessionCookie).expect(200);
    await request(app.server).get('/api/user/sessions').expect(401);
  });
});

describe('sign-out and a password reset while the projections lag', () => {
  it('take effect before the answer: the old cookies are refused at once', async () => {
    const app = await startTestApp();
    try {
      const owner = await registerUser(app);
      const other = await registerUser(app);
      const second = await request(app.server)
        .post('/api/auth/login')
        .send({ email: other.email, password: other.password })
        .expect(200);
      const otherSecond = sessionCookieOf(second.headers['set-cookie'], 'sid');
      // From here on nothing reaches the read models.
      await app.app.get<ProjectionRunner>(PROJECTION_RUNNER).stop();

      await request(app.server)
        .post('/api/auth/logout')
        .set('Cookie', owner.sessionCookie)
        .expect(200);
      await request(app.server).get('/api/auth/me').set('Cookie', owner.sessionCookie).expect(401);

      // Ending one browser from the list ends it too.
      const list = (
        await request(app.server).get('/api/user/sessions').set('Cookie', other.sessionCookie)
      ).body as Schema<'SessionResponse'>[];
      const elsewhere = list.find((s) => !s.current)!;
      await request(app.server)
        .delete(`/api/user/sessions/${elsewhere.id}`)
        .set('Cookie', other.sessionCookie)
        .expect(200);
      await request(app.server).get('/api/auth/me').set('Cookie', otherSecond).expect(401);
      await request(app.server).get('/api/auth/me').set('Cookie', other.sessionCookie).expect(200);
    } finally {
      await app.close();
    }
  });
});
