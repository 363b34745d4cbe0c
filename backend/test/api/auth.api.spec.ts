import { createHash } from 'node:crypto';
import request from 'supertest';
import {
  accountKeys,
  eventsOf,
  outbox,
  registerUser,
  sessionCookieOf,
  uniqueEmail,
} from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, TestClock } from '../support/test-clock';
import { PROJECTION_RUNNER } from '../../src/app.module';
import type { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import { ACCOUNT_TOKENS } from '../../src/projections/account-tokens/account-tokens.projection';
import { USER_SESSIONS } from '../../src/projections/user-sessions/user-sessions.projection';
import { projectionsStopped } from '../support/projection-lag';
import type { Schema } from '../support/api-types';

const USER_FIELDS = [
  'id',
  'email',
  'anonymousUsername',
  'displayUsername',
  'bio',
  'profilePictureUrl',
  'socialLinks',
  'isAdmin',
  'emailVerified',
  'createdAt',
  'emailNotificationsRating',
  'emailNotificationsComment',
  'emailNotificationsAchievements',
].sort();

const emailStreams = async (app: TestApp) =>
  [...new Set((await app.events.readAll()).map((e) => e.streamId))].filter((id) =>
    id.startsWith('email-'),
  );

describe('POST /api/auth/register', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: 'https://solescore.test' });
  });
  afterAll(() => app.close());

  it('creates the account, answers the user and signs them in with a safe session cookie', async () => {
    const email = uniqueEmail('ann');
    const response = await request(app.server)
      .post('/api/auth/register')
      .send({ email: `  ${email.toUpperCase()} `, password: 'correct horse battery' })
      .expect(201);

    const user = response.body as Record<string, unknown>;
    expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
    expect(user).toMatchObject({
      email,
      displayUsername: null,
      bio: null,
      profilePictureUrl: null,
      socialLinks: null,
      isAdmin: false,
      emailVerified: false,
      emailNotificationsRating: true,
      emailNotificationsComment: true,
      emailNotificationsAchievements: true,
    });
    expect(user.anonymousUsername).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/);
    expect(new Date(user.createdAt as string).getTime()).not.toBeNaN();

    const [cookie] = response.headers['set-cookie'] as unknown as string[];
    // PUBLIC_URL is https here: the cookie is __Host- prefixed and Secure.
    expect(cookie).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('Secure');

    const me = await request(app.server)
      .get('/api/auth/me')
      .set('Cookie', sessionCookieOf(cookie, 'sid'))
      .expect(200);
    expect(me.body).toEqual(user);
  });

  it('records the registration, its verification link and session as events, with the password hashed', async () => {
    const { user, password } = await registerUser(app);
    const events = await eventsOf(app, `user-${user.id}`);
    expect(events.map((e) => e.type)).toEqual([
      'UserRegistered',
      'EmailVerificationIssued',
      'SessionStarted',
    ]);
    const registered = events[0].data as Record<string, string>;
    expect(registered).toMatchObject({ userId: user.id, email: user.email });
    expect(registered.passwordHash).toMatch(/^\$argon2id\$v=19\$m=64,t=2,p=1\$/);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(password);
    expect(events[0].metadata.actor).toEqual({ type: 'user', id: user.id });

    // Uniqueness streams: the username and the email only as keyed hashes.
    const username = await eventsOf(app, accountKeys(app).usernameStream(user.anonymousUsername));
    expect(username.map((e) => e.data)).toEqual([{ ownerId: user.id }]);
    expect(await eventsOf(app, `username-${user.anonymousUsername.toLowerCase()}`)).toEqual([]);
    expect((await emailStreams(app)).every((id) => /^email-[0-9a-f]{64}$/.test(id))).toBe(true);
    expect(await emailStreams(app)).not.toContain(
      `email-${createHash('sha256').update(user.email).digest('hex')}`,
    );
  });

  it('mails a verification link built on PUBLIC_URL', async () => {
    const { email } = await registerUser(app);
    const [mail] = (await outbox(app)).filter((m) => m.to === email);
    expect(mail.subject).toBe('Verify your email for SoleScore');
    expect(mail.text).toMatch(/https:\/\/solescore\.test\/verify-email\?token=[A-Za-z0-9_-]{43}\n/);
    expect(mail.html).toContain('href="https://solescore.test/verify-email?token=');
  });

  it('answers an address that has an account as it answers a new one, leaves the address and password to its owner, and mails the owner instead', async () => {
    const owner = await registerUser(app);
    const taken = await request(app.server)
      .post('/api/auth/register')
      .send({ email: owner.email.toUpperCase(), password: 'another long password' })
      .expect(201);

    // An account like a new one's (what the next requests answer: sign-up-enumeration.api.spec).
    const user = taken.body as Record<string, unknown>;
    expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
    expect(user).toMatchObject({ email: owner.email, emailVerified: false, isAdmin: false });
    expect(user.id).not.toBe(owner.user.id);
    // The address stays its owner's: no claim for the new account, and no link mailed to it.
    const claims = await eventsOf(app, accountKeys(app).emailStream(owner.email));
    expect(claims.map((e) => e.data)).toEqual([{ ownerId: owner.user.id }]);
    expect((await outbox(app)).filter((m) => m.to === owner.email).map((m) => m.subject)).toEqual([
      'You already have a SoleScore account',
      'Verify your email for SoleScore',
    ]);
    // The address signs in to its owner's account, with the owner's password only.
    await request(app.server)
      .post('/api/auth/login')
      .send({ email: owner.email, password: 'another long password' })
      .expect(401);
    const signedIn = await request(app.server)
      .post('/api/auth/login')
      .send({ email: owner.email, password: owner.password })
      .expect(200);
    expect((signedIn.body as { id: string }).id).toBe(owner.user.id);
    // The owner hears of it, with the way in and no link that changes anything.
    const mail = (await outbox(app)).find(
      (m) => m.to === owner.email && m.subject === 'You already have a SoleScore account',
    );
    expect(mail?.text).toContain('https://solescore.test/login');
    expect(mail?.text).toContain('https://solescore.test/forgot-password');
    expect(mail?.text).not.toMatch(/token=/);
  });

  it('mails the owner of a taken address at most five times an hour, answering the same', async () => {
    const owner = await registerUser(app);
    for (let i = 0; i < 7; i += 1) {
      await request(app.server)
        .post('/api/auth/register')
        .send({ email: owner.email, password: 'another long password' })
        .expect(201);
    }
    const mails = (await outbox(app)).filter(
      (m) => m.to === owner.email && m.subject === 'You already have a SoleScore account',
    );
    expect(mails).toHaveLength(5);
  });

  it('lets exactly one of simultaneous registrations with the same email hold the address', async () => {
    const email = uniqueEmail('race');
    const attempt = () =>
      request(app.server).post('/api/auth/register').send({ email, password: 'password one' });
    const responses = await Promise.all([attempt(), attempt(), attempt()]);
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
    const claims = await eventsOf(app, accountKeys(app).emailStream(email));
    expect(claims.map((e) => e.type)).toEqual(['ReservationClaimed']);
    const holder = (claims[0]!.data as { ownerId: string }).ownerId;
    expect(responses.map((r) => (r.body as { id: string }).id)).toContain(holder);
    // Only the holder's link is mailed.
    const links = (await outbox(app)).filter((m) => m.to === email && m.text.includes('token='));
    expect(links).toHaveLength(1);
  });

  it.each([
    [{ password: 'correct horse' }, 'Please enter your email address'],
    [{ email: '   ', password: 'correct horse' }, 'Please enter your email address'],
    [{ email: 'not-an-email', password: 'correct horse' }, 'Please enter a valid email address'],
    [
      { email: `${'a'.repeat(250)}@x.io`, password: 'correct horse' },
      'Please enter a valid email address',
    ],
    [{ email: 'ann@example.com' }, 'Password must be at least 8 characters'],
    [{ email: 'ann@example.com', password: 'seven77' }, 'Password must be at least 8 characters'],
    [
      { email: 'ann@example.com', password: 'p'.repeat(257) },
      'Password must be at most 256 characters',
    ],
    [{ email: 'ann@example.com', password: 12345678 }, 'Password must be at least 8 characters'],
    [
      { email: 'ann@example.com', password: 'correct horse', isAdmin: true },
      'property isAdmin should not exist',
    ],
  ])('refuses %p with 400 and a message', async (body, message) => {
    const response = await request(app.server).post('/api/auth/register').send(body).expect(400);
    expect(response.body).toEqual({ message });
  });
});

describe('sign-in, the session and sign-out', () => {
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, undefined, { clock });
  });
  afterAll(() => app.close());

  it('answers the session check with 204 when signed out and the user when signed in', async () => {
    const signedOut = await request(app.server).get('/api/auth/session').expect(204);
    expect(signedOut.text).toBe('');
    expect(signedOut.headers['cache-control']).toBe('private, no-store');
    const email = `session.check.${Date.now()}@example.com`;
    const registered = await request(app.server)
      .post('/api/auth/register')
      .send({ email, password: 'a long enough password' })
      .expect(201);
    const cookie = (registered.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('sid='))!
      .split(';')[0];
    const signedIn = await request(app.server)
      .get('/api/auth/session')
      .set('Cookie', cookie)
      .expect(200);
    const me = await request(app.server).get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(signedIn.body).toEqual(me.body);
    await request(app.server).get('/api/auth/session').set('Cookie', 'sid=forged').expect(204);
  });

  it('answers 401 with a message on GET /api/auth/me when signed out', async () => {
    const response = await request(app.server).get('/api/auth/me').expect(401);
    expect(response.body).toEqual({ message: 'Please sign in to continue.' });
  });

  it('signs in with the right password, any case of the email, and starts a new session', async () => {
    const { email, password, user } = await registerUser(app);
    const response = await request(app.server)
      .post('/api/auth/login')
      .send({ email: ` ${email.toUpperCase()}`, password })
      .expect(200);
    expect(response.body).toEqual(user);
    const cookie = sessionCookieOf(response.headers['set-cookie'], 'sid');
    await request(app.server).get('/api/auth/me').set('Cookie', cookie).expect(200);
    const sessions = (await eventsOf(app, `user-${user.id}`)).filter(
      (e) => e.type === 'SessionStarted',
    );
    expect(sessions).toHaveLength(2);
  });

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const { email } = await registerUser(app);
    const wrong = await request(app.server)
      .post('/api/auth/login')
      .send({ email, password: 'not my password' })
      .expect(401);
    const unknown = await request(app.server)
      .post('/api/auth/login')
      .send({ email: uniqueEmail('nobody'), password: 'not my password' })
      .expect(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    [{ email: 'ann@example.com' }, 'Password is required'],
    [{ email: 'ann@example.com', password: '' }, 'Password is required'],
    [{ password: 'whatever1' }, 'Please enter your email address'],
    [{ email: 'ann@example.com', password: 'short' }, 'Password must be at least 8 characters'],
  ])('refuses the login %p with 400', async (body, message) => {
    const response = await request(app.server).post('/api/auth/login').send(body).expect(400);
    expect(response.body).toEqual({ message });
  });

  it('ends the session at logout, clears the cookie, and the old cookie no longer works', async () => {
    const { agent, user, sessionCookie } = await registerUser(app);
    const response = await agent.post('/api/auth/logout').expect(200);
    expect(response.body).toEqual({ success: true });
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=; .*Expires=Thu, 01 Jan 1970/);
    await request(app.server).get('/api/auth/me').set('Cookie', sessionCookie).expect(401);

    const ended = (await eventsOf(app, `user-${user.id}`)).at(-1)!;
    expect(ended.type).toBe('SessionEnded');
    expect(ended.data).toMatchObject({ userId: user.id, reason: 'logout' });
  });

  it('answers logout without a session with success too', async () => {
    const response = await request(app.server).post('/api/auth/logout').expect(200);
    expect(response.body).toEqual({ success: true });
  });

  it('refuses a forged or malformed session cookie', async () => {
    for (const cookie of ['sid=' + 'A'.repeat(43), 'sid=garbage', 'sid=%E0%A4%A', 'sid=']) {
      await request(app.server).get('/api/auth/me').set('Cookie', cookie).expect(401);
    }
  });

  it('ignores the admin cookie: an admin session token is no user session', async () => {
    const { sessionCookie } = await registerUser(app);
    const token = sessionCookie.split('=')[1];
    await request(app.server).get('/api/auth/me').set('Cookie', `admin_sid=${token}`).expect(401);
  });

  it('ends a session after 30 days', async () => {
    const { sessionCookie } = await registerUser(app);
    clock.advance(29 * DAY_MS);
    await request(app.server).get('/api/auth/me').set('Cookie', sessionCookie).expect(200);
    clock.advance(DAY_MS);
    await request(app.server).get('/api/auth/me').set('Cookie', sessionCookie).expect(401);
  });
});

describe('sessions across a restart', () => {
  it('keeps a session working when the app restarts on the same data', async () => {
    let app = await startTestApp();
    try {
      const { sessionCookie, user } = await registerUser(app);
      app = await app.restart();
      const me = await request(app.server)
        .get('/api/auth/me')
        .set('Cookie', sessionCookie)
        .expect(200);
      expect(me.body).toMatchObject({ id: user.id });
    } finally {
      await app.close();
    }
  });
});

describe('failed sign-in rate limit', () => {
  // At the start of a 15-minute window, and not in the past: the read store expires counters by
  // its own clock.
  const WINDOW = 15 * 60 * 1000;
  const clock = new TestClock(new Date(Math.ceil(Date.now() / WINDOW) * WINDOW));
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ LOGIN_LIMIT_PER_IP: '15' }, undefined, { clock });
  });
  afterAll(() => app.close());

  it('answers 429 after 10 failures for one account, even for the right password, until the window ends', async () => {
    const { email, password } = await registerUser(app);
    for (let i = 0; i < 10; i += 1) {
      await request(app.server)
        .post('/api/auth/login')
        .send({ email, password: `wrong password ${i}` })
        .expect(401);
    }
    const refused = await request(app.server)
      .post('/api/auth/login')
      .send({ email, password })
      .expect(429);
    expect(refused.body).toEqual({
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);

    clock.advance(WINDOW);
    await request(app.server).post('/api/auth/login').send({ email, password }).expect(200);
  });

  it('lets no more than 10 of 40 parallel wrong guesses for one account reach the password check', async () => {
    const { email, password } = await registerUser(app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request(app.server)
          .post('/api/auth/login')
          .send({ email, password: `parallel guess ${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    await request(app.server).post('/api/auth/login').send({ email, password }).expect(429);
    clock.advance(WINDOW);
  });

  it('does not count successful sign-ins against the limit', async () => {
    const { email, password } = await registerUser(app);
    for (let i = 0; i < 12; i += 1) {
      await request(app.server).post('/api/auth/login').send({ email, password }).expect(200);
    }
  });

  it('answers 429 to an address that fails across many accounts', async () => {
    for (let i = 0; i < 15; i += 1) {
      await request(app.server)
        .post('/api/auth/login')
        .send({ email: uniqueEmail('spray'), password: 'guess guess' })
        .expect(401);
    }
    const { email, password } = await registerUser(app);
    const refused = await request(app.server)
      .post('/api/auth/login')
      .send({ email, password })
      .expect(429);
    expect((refused.body as Schema<'ErrorResponse'>).message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
    );
  });
});

describe('registration rate limit', () => {
  it('answers 429 with a message once an address has used its sign-ups for the hour', async () => {
    const app = await startTestApp({ REGISTRATION_LIMIT_PER_HOUR: '2' });
    try {
      await registerUser(app);
      await registerUser(app);
      const refused = await request(app.server)
        .post('/api/auth/register')
        .send({ email: uniqueEmail('third'), password: 'correct horse battery' })
        .expect(429);
      expect((refused.body as Schema<'ErrorResponse'>).message).toMatch(
        /^Too many sign-ups from your connection\. Please try again in \d+ minutes?\.$/,
      );
    } finally {
      await app.close();
    }
  });
});

describe('cross-site request protection', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: 'https://solescore.test' });
  });
  afterAll(() => app.close());

  const login = () =>
    request(app.server)
      .post('/api/auth/login')
      .send({ email: 'a@example.com', password: 'x'.repeat(8) });

  it.each([
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['Origin: null', { Origin: 'null' }],
    ['a Referer of another site and no Origin', { Referer: 'https://evil.example/page' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a look-alike of PUBLIC_URL', { Origin: 'https://solescore.test.evil.example' }],
  ])('refuses a state-changing request with %s', async (_label, headers) => {
    const response = await login().set(headers).expect(403);
    expect(response.body).toEqual({ message: 'Cross-site request refused' });
  });

  it('refuses a cross-site logout, so a session cannot be ended from another site', async () => {
    const { sessionCookie } = await registerUser(app);
    await request(app.server)
      .post('/api/auth/logout')
      .set('Cookie', sessionCookie)
      .set('Origin', 'https://evil.example')
      .expect(403);
    await request(app.server).get('/api/auth/me').set('Cookie', sessionCookie).expect(200);
  });

  it.each([
    ['the Origin of PUBLIC_URL', { Origin: 'https://solescore.test' }],
    [
      'the Origin of the host it was sent to',
      { Origin: 'http://app.internal:8080', Host: 'app.internal:8080' },
    ],
    ['a same-origin Referer', { Referer: 'https://solescore.test/login' }],
    [
      'Sec-Fetch-Site: same-origin',
      { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://solescore.test' },
    ],
    ['no Origin at all (not a browser)', {}],
  ])('lets a request with %s through', async (_label, headers) => {
    await login().set(headers).expect(401);
  });

  it('never refuses a read', async () => {
    await request(app.server)
      .get('/api/health')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(200);
  });
});

describe('registration while the projections lag', () => {
  it('still answers the new user and signs them in, built from their own stream', async () => {
    const app = await startTestApp();
    try {
      await app.app.get<ProjectionRunner>(PROJECTION_RUNNER).stop();
      const email = uniqueEmail('lagging');
      const agent = request.agent(app.server);
      const response = await agent
        .post('/api/auth/register')
        .send({ email, password: 'correct horse battery' })
        .expect(201);
      expect(response.body).toMatchObject({ email, emailVerified: false });
      expect(sessionCookieOf(response.headers['set-cookie'], 'sid')).toMatch(/^sid=/);
    } finally {
      await app.close();
    }
  });

  it('knows the new session once they have it, instead of answering signed out', async () => {
    const app = await startTestApp();
    try {
      const lag = await projectionsStopped(app);
      const email = uniqueEmail('early-session');
      const agent = request.agent(app.server);
      await agent
        .post('/api/auth/register')
        .send({ email, password: 'correct horse battery' })
        .expect(201);

      const resumed = lag.resumeAtFirstMiss(USER_SESSIONS);
      const asked = agent.get('/api/auth/me').then((answer) => answer);
      await resumed;

      const answer = await asked;
      expect({ status: answer.status, body: answer.body as unknown }).toMatchObject({
        status: 200,
        body: { email },
      });
    } finally {
      await app.close();
    }
  });

  it('opens a link mailed meanwhile once they have its token, instead of calling it invalid', async () => {
    const app = await startTestApp();
    try {
      const lag = await projectionsStopped(app);
      const email = uniqueEmail('early-link');
      await request(app.server)
        .post('/api/auth/register')
        .send({ email, password: 'correct horse battery' })
        .expect(201);
      const [mail] = (await outbox(app)).filter((m) => m.to === email);
      const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

      const resumed = lag.resumeAtFirstMiss(ACCOUNT_TOKENS);
      // Opened from the mail, in a browser that is not signed in: a password is chosen with it.
      const opened = request(app.server)
        .post('/api/auth/verify-email')
        .send({ token, password: 'another correct horse' })
        .then((answer) => answer);
      await resumed;

      const answer = await opened;
      expect({ status: answer.status, body: answer.body as unknown }).toMatchObject({
        status: 200,
        body: { email, emailVerified: true },
      });
    } finally {
      await app.close();
    }
  });
});
