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

const NEUTRAL = { message: 'If an account exists, a password reset email has been sent.' };

const login = (app: TestApp, email: string, password: string) =>
  request(app.server).post('/api/auth/login').send({ email, password });

describe('forgot and reset password', () => {
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: 'https://solescore.test' }, undefined, { clock });
  });
  afterAll(() => app.close());

  it('answers the neutral message and mails a reset link built on PUBLIC_URL', async () => {
    const { email, user } = await registerUser(app);
    const response = await request(app.server)
      .post('/api/auth/forgot-password')
      .send({ email })
      .expect(200);
    expect(response.body).toEqual(NEUTRAL);
    const [mail] = (await outbox(app)).filter((m) => m.to === email);
    expect(mail.subject).toBe('Reset your SoleScore password');
    expect(mail.text).toMatch(/https:\/\/solescore\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect((await eventsOf(app, `user-${user.id}`)).at(-1)?.type).toBe('PasswordResetIssued');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = (await outbox(app)).length;
    const response = await request(app.server)
      .post('/api/auth/forgot-password')
      .send({ email: uniqueEmail('nobody') })
      .expect(200);
    expect(response.body).toEqual(NEUTRAL);
    expect(await outbox(app)).toHaveLength(before);
  });

  it('asks for an email address', async () => {
    const response = await request(app.server)
      .post('/api/auth/forgot-password')
      .send({ email: '' })
      .expect(400);
    expect(response.body).toEqual({ message: 'Please enter your email address' });
  });

  it('resets the password, ends every session, and the new password signs in', async () => {
    const { email, password, sessionCookie, user } = await registerUser(app);
    const other = await login(app, email, password).expect(200);
    await request(app.server).post('/api/auth/forgot-password').send({ email }).expect(200);
    const token = await tokenFromMail(app, email, '/reset-password');

    const response = await request(app.server)
      .post('/api/auth/reset-password')
      .send({ token, password: 'a brand new password' })
      .expect(200);
    expect(response.body).toEqual({ success: true });

    for (const cookie of [sessionCookie, sessionCookieOf(other.headers['set-cookie'], 'sid')]) {
      await request(app.server).get('/api/auth/me').set('Cookie', cookie).expect(401);
    }
    await login(app, email, password).expect(401);
    await login(app, email, 'a brand new password').expect(200);

    const types = (await eventsOf(app, `user-${user.id}`)).map((e) => e.type);
    const reset = types.indexOf('PasswordReset');
    expect(types.slice(reset, reset + 3)).toEqual([
      'PasswordReset',
      'SessionEnded',
      'SessionEnded',
    ]);
  });

  it('refuses a reset token used once already', async () => {
    const { email } = await registerUser(app);
    await request(app.server).post('/api/auth/forgot-password').send({ email }).expect(200);
    const token = await tokenFromMail(app, email, '/reset-password');
    await request(app.server)
      .post('/api/auth/reset-password')
      .send({ token, password: 'first new password' })
      .expect(200);
    const again = await request(app.server)
      .post('/api/auth/reset-password')
      .send({ token, password: 'attacker password' })
      .expect(400);
    expect(again.body).toEqual({ message: 'This password reset link has already been used.' });
    await login(app, email, 'attacker password').expect(401);
  });

  it('refuses a reset token after one hour', async () => {
    const { email, password } = await registerUser(app);
    await request(app.server).post('/api/auth/forgot-password').send({ email }).expect(200);
    const token = await tokenFromMail(app, email, '/reset-password');
    clock.advance(HOUR_MS);
    const response = await request(app.server)
      .post('/api/auth/reset-password')
      .send({ token, password: 'too late password' })
      .expect(400);
    expect(response.body).toEqual({
      message: 'This password reset link has expired. Please request a new one.',
    });
    await login(app, email, password).expect(200);
  });

  it('refuses a verification or session token presented as a reset token', async () => {
    const { email, sessionCookie } = await registerUser(app);
    const verificationToken = await tokenFromMail(app, email, '/verify-email');
    for (const token of [verificationToken, sessionCookie.split('=')[1], 'x'.repeat(43)]) {
      const response = await request(app.server)
        .post('/api/auth/reset-password')
        .send({ token, password: 'some new password' })
        .expect(400);
      expect(response.body).toEqual({
        message: 'This password reset link is invalid. Please request a new one.',
      });
    }
  });

  it('voids older reset links once one of them is used', async () => {
    const { email } = await registerUser(app);
    await request(app.server).post('/api/auth/forgot-password').send({ email }).expect(200);
    const first = await tokenFromMail(app, email, '/reset-password');
    await request(app.server).post('/api/auth/forgot-password').send({ email }).expect(200);
    const second = await tokenFromMail(app, email, '/reset-password');
    await request(app.server)
      .post('/api/auth/reset-password')
      .send({ token: second, password: 'second link password' })
      .expect(200);
    await request(app.server)
      .post('/api/auth/reset-password')
      .send({ token: first, password: 'first link password' })
      .expect(400);
  });

  it.each([
    [{ token: 'x'.repeat(43) }, 'Please fill in all fields'],
    [{ token: 'x'.repeat(43), password: '' }, 'Please fill in all fields'],
    [{ token: 'x'.repeat(43), password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'long enough' }, 'This password reset link is invalid. Please request a new one.'],
  ])('refuses the reset %p with 400', async (body, message) => {
    const response = await request(app.server)
      .post('/api/auth/reset-password')
      .send(body)
      .expect(400);
    expect(response.body).toEqual({ message });
  });
});

describe('PUT /api/auth/update-password', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('changes the password, keeps this session and ends the account’s other sessions', async () => {
    const { agent, email, password, user } = await registerUser(app);
    const elsewhere = sessionCookieOf(
      (await login(app, email, password).expect(200)).headers['set-cookie'],
      'sid',
    );
    const response = await agent
      .put('/api/auth/update-password')
      .send({ currentPassword: password, newPassword: 'my new password' })
      .expect(200);
    expect(response.body).toEqual({ success: true });

    await agent.get('/api/auth/me').expect(200);
    await request(app.server).get('/api/auth/me').set('Cookie', elsewhere).expect(401);
    await login(app, email, password).expect(401);
    await login(app, email, 'my new password').expect(200);

    const events = await eventsOf(app, `user-${user.id}`);
    const changed = events.findIndex((e) => e.type === 'PasswordChanged');
    expect(events[changed + 1]).toMatchObject({
      type: 'SessionEnded',
      data: { reason: 'password-changed' },
    });
  });

  it('answers 400 "Current password is incorrect" and changes nothing', async () => {
    const { agent, email, password } = await registerUser(app);
    const response = await agent
      .put('/api/auth/update-password')
      .send({ currentPassword: 'not my password', newPassword: 'my new password' })
      .expect(400);
    expect(response.body).toEqual({ message: 'Current password is incorrect' });
    await login(app, email, password).expect(200);
  });

  it.each([
    [{ newPassword: 'long enough' }, 'Current password is required'],
    [{ currentPassword: '', newPassword: 'long enough' }, 'Current password is required'],
    [{ currentPassword: 'whatever1' }, 'New password must be at least 8 characters'],
    [
      { currentPassword: 'whatever1', newPassword: 'short' },
      'New password must be at least 8 characters',
    ],
  ])('refuses %p with 400', async (body, message) => {
    const { agent } = await registerUser(app);
    const response = await agent.put('/api/auth/update-password').send(body).expect(400);
    expect(response.body).toEqual({ message });
  });

  it('needs a session', async () => {
    const response = await request(app.server)
      .put('/api/auth/update-password')
      .send({ currentPassword: 'whatever1', newPassword: 'whatever2' })
      .expect(401);
    expect(response.body).toEqual({ message: 'Please sign in to continue.' });
  });
});

describe('POST /api/auth/reset-password many times from one address', () => {
  // A held clock: the hourly window cannot turn in the middle of the test.
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ REGISTRATION_LIMIT_PER_HOUR: '3' }, undefined, { clock });
  });
  afterAll(() => app.close());

  it('is limited like sign-ups (each judges and hashes a password): 429 with Retry-After, the real link left unused', async () => {
    const { email, user } = await registerUser(app);
    await request(app.server).post('/api/auth/forgot-password').send({ email }).expect(200);
    const token = await tokenFromMail(app, email, '/reset-password');
    for (let i = 0; i < 3; i += 1) {
      await request(app.server)
        .post('/api/auth/reset-password')
        .send({ token: 'C'.repeat(43), password: 'a made up password' })
        .expect(400);
    }
    const refused = await request(app.server)
      .post('/api/auth/reset-password')
      .send({ token, password: 'a brand new password' })
      .expect(429);
    expect(refused.body.message).toMatch(
      /^Too many password resets from your connection\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await eventsOf(app, `user-${user.id}`)).map((e) => e.type)).not.toContain(
      'PasswordReset',
    );
  });
});
