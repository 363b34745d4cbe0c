import request from 'supertest';
import {
  eventsOf,
  outbox,
  registerUser,
  sessionCookieOf,
  tokenFromMail,
  uniqueEmail,
} from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';
import { HOUR_MS, TestClock } from '../support/test-clock';

const NEUTRAL = { message: 'If an account exists, a verification email has been sent.' };

const login = (app: TestApp, email: string, password: string) =>
  request(app.server).post('/api/auth/login').send({ email, password });

describe('POST /api/auth/verify-email', () => {
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, undefined, { clock });
  });
  afterAll(() => app.close());

  it('verifies the email with the mailed token and answers the user with emailVerified true', async () => {
    const { agent, email, user } = await registerUser(app);
    const token = await tokenFromMail(app, email, '/verify-email');
    const response = await agent.post('/api/auth/verify-email').send({ token }).expect(200);
    expect(response.body).toEqual({ ...user, emailVerified: true });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await agent.get('/api/auth/me').expect(200)).body).toMatchObject({
      emailVerified: true,
    });
    expect((await eventsOf(app, `user-${user.id}`)).at(-1)).toMatchObject({
      type: 'EmailVerified',
      data: { userId: user.id },
    });
  });

  it('asks for a password where the account is not signed in, and uses nothing up', async () => {
    const { agent, email, user } = await registerUser(app);
    const token = await tokenFromMail(app, email, '/verify-email');
    const before = (await eventsOf(app, `user-${user.id}`)).length;
    for (const elsewhere of [request(app.server), request.agent(app.server)]) {
      const response = await elsewhere.post('/api/auth/verify-email').send({ token }).expect(401);
      expect(response.body).toEqual({
        message: 'Choose a password to finish verifying your email',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await eventsOf(app, `user-${user.id}`)).toHaveLength(before);
    // The link still works, here in the browser that registered.
    await agent.post('/api/auth/verify-email').send({ token }).expect(200);
  });

  it('with a chosen password where nobody is signed in: verifies, sets it and signs this browser in', async () => {
    const { email, password, user } = await registerUser(app);
    const token = await tokenFromMail(app, email, '/verify-email');
    const response = await request(app.server)
      .post('/api/auth/verify-email')
      .send({ token, password: 'the password I chose' })
      .expect(200);
    expect(response.body).toMatchObject({ id: user.id, emailVerified: true });
    const cookie = sessionCookieOf(response.headers['set-cookie'], 'sid');
    const me = await request(app.server).get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(me.body).toMatchObject({ id: user.id });
    await login(app, email, password).expect(401);
    await login(app, email, 'the password I chose').expect(200);
  });

  it('hands the account to the person who verifies it, not to whoever registered the address', async () => {
    // Someone registers an address that is not theirs, and keeps that registration's session.
    const email = uniqueEmail('victim');
    const squatter = await registerUser(app, email, 'the squatter password');
    await squatter.agent.get('/api/user/export').expect(200);
    // The owner of the mailbox opens the mailed link on their own device.
    const token = await tokenFromMail(app, email, '/verify-email');
    const owner = request.agent(app.server);
    await owner.post('/api/auth/verify-email').send({ token }).expect(401);
    const verified = await owner
      .post('/api/auth/verify-email')
      .send({ token, password: 'the owner password' })
      .expect(200);
    expect(verified.body).toMatchObject({ id: squatter.user.id, emailVerified: true });
    const events = (await eventsOf(app, `user-${squatter.user.id}`)).map((e) => e.type);
    expect(events.slice(-4)).toEqual([
      'EmailVerified',
      'PasswordChanged',
      'SessionEnded',
      'SessionStarted',
    ]);

    for (const path of ['/api/auth/me', '/api/user', '/api/user/export']) {
      const refused = await squatter.agent.get(path).expect(401);
      expect(refused.body).toEqual({ message: 'Please sign in to continue.' });
      await owner.get(path).expect(200);
    }
    await login(app, email, 'the squatter password').expect(401);
    await login(app, email, 'the owner password').expect(200);
  });

  it('verifying in the browser signed in to the account keeps it and ends every other session', async () => {
    const { agent, email, password } = await registerUser(app);
    const elsewhere = sessionCookieOf(
      (await login(app, email, password).expect(200)).headers['set-cookie'],
      'sid',
    );
    const token = await tokenFromMail(app, email, '/verify-email');
    await agent.post('/api/auth/verify-email').send({ token }).expect(200);
    await agent.get('/api/auth/me').expect(200);
    await request(app.server).get('/api/auth/me').set('Cookie', elsewhere).expect(401);
    await login(app, email, password).expect(200);
  });

  it('refuses a chosen password that breaks the rules, and uses nothing up', async () => {
    const { email, user } = await registerUser(app);
    const token = await tokenFromMail(app, email, '/verify-email');
    for (const [password, message] of [
      ['short', 'Password must be at least 8 characters'],
      [12345678, 'Password must be at least 8 characters'],
    ] as const) {
      const response = await request(app.server)
        .post('/api/auth/verify-email')
        .send({ token, password })
        .expect(400);
      expect(response.body).toEqual({ message });
    }
    expect((await eventsOf(app, `user-${user.id}`)).map((e) => e.type)).not.toContain(
      'EmailVerified',
    );
  });

  it('says "already verified" for a used link, here and elsewhere, keeping the session', async () => {
    const { agent, email } = await registerUser(app);
    const token = await tokenFromMail(app, email, '/verify-email');
    await agent.post('/api/auth/verify-email').send({ token }).expect(200);
    const ALREADY = { message: 'Your email is already verified.' };

    const signedIn = await agent.post('/api/auth/verify-email').send({ token }).expect(409);
    expect(signedIn.body).toEqual(ALREADY);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    await agent.get('/api/auth/me').expect(200);

    // Nobody signed in, even with a password: nothing is set, nobody is signed in.
    const elsewhere = await request(app.server)
      .post('/api/auth/verify-email')
      .send({ token, password: 'another password 1' })
      .expect(409);
    expect(elsewhere.body).toEqual(ALREADY);
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
  });

  it('says "already verified" for an unknown or forgotten link only to a verified account signed in', async () => {
    const INVALID = { message: 'This verification link is invalid. Please request a new one.' };
    const forgotten = 'a'.repeat(43);
    const unverified = await registerUser(app);
    expect(
      (await unverified.agent.post('/api/auth/verify-email').send({ token: forgotten }).expect(400))
        .body,
    ).toEqual(INVALID);
    expect(
      (
        await request(app.server)
          .post('/api/auth/verify-email')
          .send({ token: forgotten })
          .expect(400)
      ).body,
    ).toEqual(INVALID);

    const { agent, email } = await registerUser(app);
    const token = await tokenFromMail(app, email, '/verify-email');
    await agent.post('/api/auth/verify-email').send({ token }).expect(200);
    const answer = await agent
      .post('/api/auth/verify-email')
      .send({ token: forgotten })
      .expect(409);
    expect(answer.body).toEqual({ message: 'Your email is already verified.' });
    await agent.get('/api/auth/me').expect(200);
  });

  it('refuses a token after 48 hours, and a new one from resend works', async () => {
    const { agent, email } = await registerUser(app);
    const token = await tokenFromMail(app, email, '/verify-email');
    clock.advance(48 * HOUR_MS);
    const expired = await agent.post('/api/auth/verify-email').send({ token }).expect(400);
    expect(expired.body).toEqual({
      message: 'This verification link has expired. Please request a new one.',
    });

    await request(app.server).post('/api/auth/resend-verification').send({ email }).expect(200);
    const fresh = await tokenFromMail(app, email, '/verify-email');
    expect(fresh).not.toBe(token);
    await agent.post('/api/auth/verify-email').send({ token: fresh }).expect(200);
  });

  it('refuses another account’s token while signed in, and verifies nothing', async () => {
    const ann = await registerUser(app);
    const bob = await registerUser(app);
    const bobsToken = await tokenFromMail(app, bob.email, '/verify-email');
    const response = await ann.agent
      .post('/api/auth/verify-email')
      .send({ token: bobsToken })
      .expect(403);
    expect(response.body).toEqual({
      message:
        'This verification link belongs to another account. Please sign out and open it again.',
    });
    expect((await bob.agent.get('/api/auth/me')).body).toMatchObject({ emailVerified: false });
    expect((await ann.agent.get('/api/auth/me')).body).toMatchObject({ id: ann.user.id });
  });

  it('refuses a session token or a reset token presented as a verification token', async () => {
    const { agent, email, sessionCookie } = await registerUser(app);
    await request(app.server).post('/api/auth/forgot-password').send({ email }).expect(200);
    const resetToken = await tokenFromMail(app, email, '/reset-password');
    for (const token of [sessionCookie.split('=')[1], resetToken, 'made-up', 'A'.repeat(43)]) {
      const response = await agent.post('/api/auth/verify-email').send({ token }).expect(400);
      expect(response.body).toEqual({
        message: 'This verification link is invalid. Please request a new one.',
      });
    }
  });

  it('answers 400 when no token is sent', async () => {
    for (const body of [{}, { token: '' }]) {
      const response = await request(app.server)
        .post('/api/auth/verify-email')
        .send(body)
        .expect(400);
      expect(response.body).toEqual({ message: 'No verification token provided' });
    }
  });
});

describe('POST /api/auth/verify-email with a chosen password, many times from one address', () => {
  // A held clock: the hourly window cannot turn in the middle of the test.
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ REGISTRATION_LIMIT_PER_HOUR: '3' }, undefined, { clock });
  });
  afterAll(() => app.close());

  it('is limited like sign-ups (each costs a password hash): 429 with Retry-After, nothing verified', async () => {
    const { email, user } = await registerUser(app);
    const token = await tokenFromMail(app, email, '/verify-email');
    for (let i = 0; i < 3; i += 1) {
      await request(app.server)
        .post('/api/auth/verify-email')
        .send({ token: 'B'.repeat(43), password: 'a guessed password' })
        .expect(400);
    }
    const refused = await request(app.server)
      .post('/api/auth/verify-email')
      .send({ token, password: 'a chosen password' })
      .expect(429);
    expect(refused.body.message).toMatch(
      /^Too many verification attempts from your connection\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await eventsOf(app, `user-${user.id}`)).map((e) => e.type)).not.toContain(
      'EmailVerified',
    );
  });
});

describe('POST /api/auth/resend-verification', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('answers the neutral message and mails a new link to an unverified account', async () => {
    const { email, user } = await registerUser(app);
    const response = await request(app.server)
      .post('/api/auth/resend-verification')
      .send({ email: email.toUpperCase() })
      .expect(200);
    expect(response.body).toEqual(NEUTRAL);
    expect((await outbox(app)).filter((m) => m.to === email)).toHaveLength(2);
    expect((await eventsOf(app, `user-${user.id}`)).at(-1)?.type).toBe('EmailVerificationIssued');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const before = (await outbox(app)).length;
    const response = await request(app.server)
      .post('/api/auth/resend-verification')
      .send({ email })
      .expect(200);
    expect(response.body).toEqual(NEUTRAL);
    expect(await outbox(app)).toHaveLength(before);
  });

  it('answers the same for a verified account and sends nothing', async () => {
    const { agent, email } = await registerUser(app);
    const token = await tokenFromMail(app, email, '/verify-email');
    await agent.post('/api/auth/verify-email').send({ token }).expect(200);
    const response = await request(app.server)
      .post('/api/auth/resend-verification')
      .send({ email })
      .expect(200);
    expect(response.body).toEqual(NEUTRAL);
    expect((await outbox(app)).filter((m) => m.to === email)).toHaveLength(1);
  });

  it('sends at most five a clock hour to one account, answering the same', async () => {
    const { email } = await registerUser(app);
    for (let i = 0; i < 7; i += 1) {
      const response = await request(app.server)
        .post('/api/auth/resend-verification')
        .send({ email })
        .expect(200);
      expect(response.body).toEqual(NEUTRAL);
    }
    // One from registration, five on request (unless the hour turned during the loop).
    expect((await outbox(app)).filter((m) => m.to === email).length).toBeLessThanOrEqual(7);
    expect((await outbox(app)).filter((m) => m.to === email).length).toBeGreaterThanOrEqual(6);
  });

  it('asks for an email address', async () => {
    const response = await request(app.server)
      .post('/api/auth/resend-verification')
      .send({})
      .expect(400);
    expect(response.body).toEqual({ message: 'Please enter your email address' });
  });
});
