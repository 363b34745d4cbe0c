import request from 'supertest';
import { registerUser, sessionCookieOf, tokenFromMail } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';
import { HOUR_MS, TestClock } from '../support/test-clock';

/**
 * Sign-ins with the old password that run while the password changes (by the account, by a
 * reset link, or chosen by whoever verifies the email): whatever order they land
 * in, none of them may leave a session that outlives the change, and the change itself must not
 * give up because the account's stream is busy with them. Each race is run for many rounds, so
 * a busy machine meets every interleaving often enough to catch a regression.
 */
const ROUNDS = 25;
const SIGN_INS_PER_ROUND = 12;
const NEW_PASSWORD = 'a brand new password';

describe('a password change or reset racing sign-ins with the old password', () => {
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    // The sign-ins refused after the change count as failures: the limits must not end the race.
    app = await startTestApp(
      { LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '1000000' },
      undefined,
      { clock },
    );
  });
  afterAll(() => app.close());

  const login = (email: string, password: string) =>
    request(app.server).post('/api/auth/login').send({ email, password });

  /** Runs the change alongside a crowd of sign-ins with the old password; checks what is left. */
  async function race(
    email: string,
    oldPassword: string,
    change: () => request.Test,
  ): Promise<void> {
    const [changed, ...signIns] = await Promise.all([
      change(),
      ...Array.from({ length: SIGN_INS_PER_ROUND }, () => login(email, oldPassword)),
    ]);
    for (const signIn of signIns) expect([200, 401]).toContain(signIn.status);
    const cookies = signIns
      .filter((signIn) => signIn.status === 200)
      .map((signIn) => sessionCookieOf(signIn.headers['set-cookie'], 'sid'));
    const survivors: number[] = [];
    for (const [i, cookie] of cookies.entries()) {
      const me = await request(app.server).get('/api/auth/me').set('Cookie', cookie);
      if (me.status !== 401) survivors.push(i);
    }
    expect({ changeStatus: changed.status, survivors }).toEqual({
      changeStatus: 200,
      survivors: [],
    });
    await login(email, oldPassword).expect(401);
    await login(email, NEW_PASSWORD).expect(200);
  }

  it('a change ends every session signed in with the old password, and always succeeds', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { agent, email, password } = await registerUser(app);
      await race(email, password, () =>
        agent
          .put('/api/auth/update-password')
          .send({ currentPassword: password, newPassword: NEW_PASSWORD }),
      );
      // The session the change was made from stays.
      await agent.get('/api/auth/me').expect(200);
    }
  });

  it('a reset ends every session signed in with the old password, and always succeeds', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // A new hour for each round's reset mail (an address may ask for twenty an hour).
      clock.advance(HOUR_MS);
      const { email, password, sessionCookie } = await registerUser(app);
      await request(app.server).post('/api/auth/forgot-password').send({ email }).expect(200);
      const token = await tokenFromMail(app, email, '/reset-password');
      await race(email, password, () =>
        request(app.server)
          .post('/api/auth/reset-password')
          .send({ token, password: NEW_PASSWORD }),
      );
      await request(app.server).get('/api/auth/me').set('Cookie', sessionCookie).expect(401);
    }
  });

  it('verifying with a chosen password ends every session signed in with the registration’s', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { email, password, sessionCookie } = await registerUser(app);
      const token = await tokenFromMail(app, email, '/verify-email');
      const owner = request.agent(app.server);
      await race(email, password, () =>
        owner.post('/api/auth/verify-email').send({ token, password: NEW_PASSWORD }),
      );
      await owner.get('/api/auth/me').expect(200);
      await request(app.server).get('/api/auth/me').set('Cookie', sessionCookie).expect(401);
    }
  });
});
