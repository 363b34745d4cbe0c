import request from 'supertest';
import { accountStreams } from '../../src/application/accounts/account-secrets';
import { ExpirySweep } from '../../src/application/accounts/expiry-sweep';
import { ACCOUNT_TOKENS } from '../../src/projections/account-tokens/account-tokens.projection';
import { ADMIN_SESSIONS } from '../../src/projections/admin-sessions/admin-sessions.projection';
import { USER_SESSIONS } from '../../src/projections/user-sessions/user-sessions.projection';
import { eventsOf, registerUser, sessionCookieOf } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, TestClock } from '../support/test-clock';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };

/** Polls a read until it answers what the test waits for (no fixed sleeps). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the hourly expiry sweep', () => {
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(ADMIN, undefined, { clock });
  });
  afterAll(() => app.close());

  it('ends sessions and forgets mailed links of accounts that never come back, once', async () => {
    const owner = await registerUser(app);
    await request(app.server)
      .post('/api/auth/forgot-password')
      .send({ email: owner.email })
      .expect(200);
    const admin = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    const adminId = (admin.body as Schema<'AdminResponse'>).id;
    const sessionsOf = () => app.reads.find(USER_SESSIONS, { userId: owner.user.id });
    const linksOf = () => app.reads.find(ACCOUNT_TOKENS, { userId: owner.user.id });
    const adminSessionsOf = () => app.reads.find(ADMIN_SESSIONS, { adminId });
    // The reset link is mailed after the answer: wait for it to be recorded.
    await until(linksOf, (links) => links.length === 2);
    expect(await sessionsOf()).toHaveLength(1);
    expect(await adminSessionsOf()).toHaveLength(1);

    const sweep = app.app.get(ExpirySweep);
    // Within their time nothing is touched.
    await sweep.sweep();
    expect(await sessionsOf()).toHaveLength(1);

    clock.advance(31 * DAY_MS);
    await sweep.sweep();
    await until(sessionsOf, (docs) => docs.length === 0);
    await until(linksOf, (docs) => docs.length === 0);
    await until(adminSessionsOf, (docs) => docs.length === 0);

    const stream = await eventsOf(app, accountStreams.user(owner.user.id));
    const swept = stream.filter((e) => e.metadata.actor.id === 'expiry-sweep');
    expect(swept.map((e) => e.type)).toEqual(['SessionsExpired', 'ExpiredLinksForgotten']);
    expect(swept[0].metadata.at).toBe(clock.now().toISOString());

    // A second sweep finds nothing left to do.
    expect(await sweep.sweep()).toEqual({ accounts: 0, admins: 0 });
    expect(await eventsOf(app, accountStreams.user(owner.user.id))).toHaveLength(stream.length);

    // The account comes back: its new session is untouched by a sweep at the same moment.
    const [signIn] = await Promise.all([
      request(app.server)
        .post('/api/auth/login')
        .send({ email: owner.email, password: owner.password })
        .expect(200),
      sweep.sweep(),
    ]);
    await sweep.sweep();
    await request(app.server)
      .get('/api/auth/me')
      .set('Cookie', sessionCookieOf(signIn.headers['set-cookie'], 'sid'))
      .expect(200);
  });
});
