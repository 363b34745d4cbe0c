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

  it('signs the account in when the link is opened where nobody is signed in', async () => {
    const { email, user } = await registerUser(app);
    const token = await tokenFromMail(app, email, '/verify-email');
    const response = await request(app.server)
      .post('/api/auth/verify-email')
      .send({ token })
      .expect(200);
    expect(response.body).toMatchObject({ id: user.id, emailVerified: true });
    const cookie = sessionCookieOf(response.headers['set-cookie'], 'sid');
    const me = await request(app.server).get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(me.body).toMatchObject({ id: user.id });
  });

  it('refuses a token used once already', async () => {
    const { agent, email } = await registerUser(app);
    const token = await tokenFromMail(app, email, '/verify-email');
    await agent.post('/api/auth/verify-email').send({ token }).expect(200);
    const again = await request(app.server)
      .post('/api/auth/verify-email')
      .send({ token })
      .expect(400);
    expect(again.body).toEqual({ message: 'This verification link has already been used.' });
    expect(again.headers['set-cookie']).toBeUndefined();
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
