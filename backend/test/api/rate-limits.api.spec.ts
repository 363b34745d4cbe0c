import { createHash } from 'node:crypto';
import request from 'supertest';
import {
  eventsOf,
  outbox,
  registerUser,
  sessionCookieOf,
  tokenFromMail,
} from '../support/accounts';
import { until } from '../support/until';
import { makeJpeg } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The one rate limiter as clients meet it: 429 with Retry-After, counted per address behind
 * one proxy hop, IPv6 per /64, and a sign-in limit that a stranger cannot turn into a lockout.
 */
describe('rate limits', () => {
  let app: TestApp;
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await makeJpeg({ width: 344, height: 258, seed: 5 });
    app = await startTestApp({
      // One proxy in front: the client is the address it appends last to X-Forwarded-For.
      TRUST_PROXY: '1',
      LOGIN_LIMIT_PER_ACCOUNT: '3',
      LOGIN_LIMIT_PER_IP: '20',
      UPLOAD_LIMIT_PER_HOUR: '2',
    });
  });
  afterAll(() => app.close());

  const from = (address: string) => ({ 'X-Forwarded-For': `203.0.113.250, ${address}` });

  const upload = (address: string) =>
    request(app.server).post('/api/upload').set(from(address)).attach('image', jpeg, 'feet.jpg');

  it('limits uploads per client address behind the proxy, with Retry-After', async () => {
    await upload('198.51.100.7').expect(200);
    await upload('198.51.100.7').expect(200);
    const refused = await upload('198.51.100.7').expect(429);
    expect(refused.body.message).toMatch(/limit of 2 photos an hour/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The address the client wrote first is not trusted; the proxy's view is.
    await upload('198.51.100.8').expect(200);
  });

  it('counts an IPv6 client by its /56 (one subscriber’s /64s together), and an IPv4-mapped address as IPv4', async () => {
    await upload('2001:db8:1:2::1').expect(200);
    await upload('2001:db8:1:2:ffff::9').expect(200);
    await upload('2001:db8:1:2:aaaa:bbbb:cccc:dddd').expect(429);
    await upload('2001:db8:1:3::1').expect(429);
    await upload('2001:db8:1:ff::1').expect(429);
    await upload('2001:db8:1:100::1').expect(200);
    await upload('192.0.2.44').expect(200);
    await upload('::ffff:192.0.2.44').expect(200);
    await upload('192.0.2.44').expect(429);
  });

  const login = (email: string, password: string, address: string, cookie?: string) => {
    const call = request(app.server)
      .post('/api/auth/login')
      .set(from(address))
      .send({ email, password });
    return cookie ? call.set('Cookie', cookie) : call;
  };

  it('lets the owner sign in while a stranger fails on the account from another address', async () => {
    const owner = await registerUser(app);
    for (let i = 0; i < 3; i += 1)
      await login(owner.email, 'wrong guess', '198.51.100.66').expect(401);
    const stranger = await login(owner.email, 'wrong guess', '198.51.100.66').expect(429);
    expect(stranger.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, is not locked out.
    await login(owner.email, owner.password, '198.51.100.99').expect(200);
  });

  it('lets a browser that signed in to the account before through the account’s limit', async () => {
    const owner = await registerUser(app);
    const first = await login(owner.email, owner.password, '198.51.100.120').expect(200);
    const known = sessionCookieOf(first.headers['set-cookie'], 'known_browser');
    // Sent back only to the sign-in route, the one that reads it.
    const setKnown = ([] as string[])
      .concat(first.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('known_browser='));
    expect(setKnown).toContain('Path=/api/auth/login;');
    // Someone behind the same address (a shared network) fails on the account until its limit
    // there is reached.
    for (let i = 0; i < 3; i += 1) {
      await login(owner.email, 'wrong guess', '198.51.100.120').expect(401);
    }
    await login(owner.email, 'wrong guess', '198.51.100.120').expect(429);
    // Their browser is still known for this account, and only for it.
    await login(owner.email, owner.password, '198.51.100.120', known).expect(200);
    const other = await registerUser(app);
    for (let i = 0; i < 3; i += 1)
      await login(other.email, 'wrong guess', '198.51.100.121', known).expect(401);
    await login(other.email, other.password, '198.51.100.121', known).expect(429);
    // A forged mark is just an unknown browser.
    await login(owner.email, 'wrong guess', '198.51.100.120', 'known_browser=forged').expect(429);
  });

  const knownBrowserOf = (response: request.Response) =>
    sessionCookieOf(response.headers['set-cookie'], 'known_browser');

  it('remembers each browser with a secret of its own, of which the log keeps only the hash', async () => {
    const owner = await registerUser(app);
    const first = knownBrowserOf(await login(owner.email, owner.password, '198.51.100.130'));
    const second = knownBrowserOf(await login(owner.email, owner.password, '198.51.100.131'));
    expect(first).not.toBe(second);
    const secrets = [first, second].map((cookie) => cookie.split('=')[1]);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const started = (await eventsOf(app, `user-${owner.user.id}`)).filter(
      (e) => e.type === 'SessionStarted',
    );
    const hashes = started.map(
      (e) => (e.data as { rememberedBrowserHash?: string }).rememberedBrowserHash,
    );
    expect(hashes.filter(Boolean)).toEqual(
      secrets.map((secret) => createHash('sha256').update(secret).digest('hex')),
    );
    expect(JSON.stringify(started.map((e) => e.data))).not.toContain(secrets[0]);
    // Signing in again keeps the browser's secret; another account gets one of its own beside it.
    const again = knownBrowserOf(await login(owner.email, owner.password, '198.51.100.130', first));
    expect(again).toBe(first);
    const other = await registerUser(app);
    const both = knownBrowserOf(await login(other.email, other.password, '198.51.100.130', first));
    const [otherSecret, ownerSecret] = both.split('=')[1].split('.');
    expect(ownerSecret).toBe(secrets[0]);
    expect(otherSecret).not.toBe(secrets[0]);
  });

  interface SignedInOwner {
    email: string;
    password: string;
    sessionCookie: string;
  }

  /** Someone at the owner's address spends the account's limit there. */
  async function spendLimitAt(email: string, address: string) {
    for (let i = 0; i < 3; i += 1) await login(email, 'wrong guess', address).expect(401);
    await login(email, 'wrong guess', address).expect(429);
  }

  it.each([
    [
      'a password change',
      async (owner: SignedInOwner) => {
        await request(app.server)
          .put('/api/auth/update-password')
          .set('Cookie', owner.sessionCookie)
          .send({ currentPassword: owner.password, newPassword: 'a brand new password' })
          .expect(200);
        return 'a brand new password';
      },
    ],
    [
      'a password reset',
      async (owner: SignedInOwner) => {
        await request(app.server).post('/api/auth/forgot-password').send({ email: owner.email });
        let token = '';
        await until(async () => {
          token = await tokenFromMail(app, owner.email, '/reset-password').catch(() => '');
          return token !== '';
        });
        await request(app.server)
          .post('/api/auth/reset-password')
          .send({ token, password: 'a brand new password' })
          .expect(200);
        return 'a brand new password';
      },
    ],
    [
      'signing out everywhere',
      async (owner: SignedInOwner) => {
        await request(app.server)
          .delete('/api/user/sessions')
          .set('Cookie', owner.sessionCookie)
          .expect(200);
        await request(app.server)
          .get('/api/auth/me')
          .set('Cookie', owner.sessionCookie)
          .expect(401);
        return owner.password;
      },
    ],
  ])('throttles a browser remembered before %s like a new one after it', async (_what, end) => {
    const { email, password: first } = await registerUser(app);
    const address = '198.51.100.140';
    const signedIn = await login(email, first, address).expect(200);
    const known = knownBrowserOf(signedIn);
    const sessionCookie = sessionCookieOf(signedIn.headers['set-cookie'], 'sid');
    const password = await end({ email, password: first, sessionCookie });
    const owner = { email };

    await spendLimitAt(owner.email, address);
    const refused = await login(owner.email, password, address, known).expect(429);
    expect(refused.body.message).toMatch(/Too many failed sign-in attempts/);
    // From elsewhere the owner signs in, and that browser is remembered anew.
    const fresh = knownBrowserOf(await login(owner.email, password, '198.51.100.141').expect(200));
    await login(owner.email, password, address, fresh).expect(200);
  });
});

describe('the AI rater’s hourly budget', () => {
  it('answers 503 with Retry-After once the whole service has spent it, whoever asks', async () => {
    const app = await startTestApp({ TRUST_PROXY: '1', RATER_CALLS_PER_HOUR: '2' });
    try {
      const jpeg = await makeJpeg({ width: 344, height: 258, seed: 9 });
      const upload = (address: string) =>
        request(app.server)
          .post('/api/upload')
          .set('X-Forwarded-For', address)
          .attach('image', jpeg, 'feet.jpg');
      await upload('198.51.100.1').expect(200);
      await upload('198.51.100.2').expect(200);
      const refused = await upload('198.51.100.3').expect(503);
      expect(refused.body.message).toMatch(/Photo rating is very busy right now/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

describe('mailed-link requests (forgot password, resend verification)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => app.close());

  it('answer before the work is done, the same for a known and an unknown address', async () => {
    const known = await registerUser(app);
    // Hold every append until released: the answer must not wait for the token or the mail.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const append = app.events.appendToStream.bind(app.events);
    const held = jest.spyOn(app.events, 'appendToStream').mockImplementation(async (...args) => {
      await released;
      return append(...args);
    });
    try {
      for (const [path, email] of [
        ['/api/auth/forgot-password', known.email],
        ['/api/auth/forgot-password', 'nobody.here@example.com'],
        ['/api/auth/resend-verification', known.email],
        ['/api/auth/resend-verification', 'nobody.here@example.com'],
      ] as const) {
        const answer = await request(app.server).post(path).send({ email }).expect(200);
        expect(answer.body.message).toMatch(/^If an account exists/);
      }
      // The known address's work is still waiting on the held append.
      expect(held).toHaveBeenCalled();
    } finally {
      release();
      held.mockRestore();
    }
    // Read in the app: the outbox route is closed while a proxy is trusted.
    const mails = await outbox(app);
    expect(mails.some((m) => m.to === known.email && m.text.includes('/reset-password'))).toBe(
      true,
    );
    expect(mails.some((m) => m.to === 'nobody.here@example.com')).toBe(false);
  });

  it('limits them per address, with Retry-After', async () => {
    const ask = () =>
      request(app.server)
        .post('/api/auth/forgot-password')
        .set('X-Forwarded-For', '198.51.100.200')
        .send({ email: 'someone@example.com' });
    for (let i = 0; i < 20; i += 1) await ask().expect(200);
    const refused = await ask().expect(429);
    expect(refused.body.message).toMatch(/Too many email requests/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
