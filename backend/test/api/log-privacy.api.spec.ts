import request from 'supertest';
import type { Test } from 'supertest';
import { outbox, tokenFromMail, uniqueEmail } from '../support/accounts';
import { startCatchingSmtpServer } from '../support/catching-smtp-server';
import { LogCapture } from '../support/log-capture';
import { sessionIdOf } from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const AUTHORIZATION = 'Bearer authz-f00dcafe-secret';
const TRACKER_COOKIE = 'tracker=c00kie-f00dcafe-value';
const EMAIL_ADDRESS = /[^\s@<>"']+@[^\s@<>"']+\.[a-z]{2,}/i;

/**
 * Everything secret the drive below handed the app or got from it, to look for in the log:
 * addresses, passwords, link tokens, cookie values, an Authorization value.
 */
class Secrets {
  readonly values = new Set<string>([AUTHORIZATION, 'authz-f00dcafe-secret', TRACKER_COOKIE]);
  private session = '';

  add(...values: string[]): void {
    for (const value of values) this.values.add(value);
  }

  /** The request as a browser behind a proxy sends it: the session, another cookie, a bearer. */
  send(test: Test): Test {
    const cookie = [this.session, TRACKER_COOKIE].filter(Boolean).join('; ');
    return test.set('Authorization', AUTHORIZATION).set('Cookie', cookie);
  }

  /** Keeps the session cookie an answer sets (and remembers its value as a secret). */
  async keepSession(test: Test): Promise<Test> {
    const response = await test;
    for (const setCookie of [response.headers['set-cookie'] ?? []].flat() as string[]) {
      const pair = setCookie.split(';')[0]!;
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value.length >= 16) this.add(value);
      if (/^(__Host-)?sid=/.test(pair)) this.session = value ? pair : '';
    }
    return response as unknown as Test;
  }
}

describe('the log keeps nothing personal', () => {
  const log = new LogCapture();
  const secrets = new Secrets();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(
      { PUBLIC_URL: 'https://solescore.test', LOG_LEVEL: 'info' },
      undefined,
      {
        logDestination: log.stream,
      },
    );
  });
  afterAll(() => app.close());

  it('through sign-up, verification, sign-in, a reset and two checkouts', async () => {
    const email = uniqueEmail('private');
    const password = 'correct horse battery';
    const newPassword = 'a brand new staple';
    secrets.add(email, password, newPassword);
    const post = (path: string, body: object) =>
      secrets.keepSession(secrets.send(request(app.server).post(path)).send(body));
    const get = (path: string) => secrets.keepSession(secrets.send(request(app.server).get(path)));

    expect((await post('/api/auth/register', { email, password })).status).toBe(201);
    const verification = await tokenFromMail(app, email, '/verify-email');
    secrets.add(verification);
    // The browser opens the mailed link (the app's page), then the page sends the token.
    await get(`/verify-email?token=${verification}`);
    expect((await post('/api/auth/verify-email', { token: verification })).status).toBe(200);

    expect((await post('/api/auth/logout', {})).status).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'not the password' })).status).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email, password })).status).toBe(200);

    expect((await post('/api/auth/forgot-password', { email })).status).toBe(200);
    const reset = await tokenFromMail(app, email, '/reset-password');
    secrets.add(reset);
    await get(`/reset-password?token=${reset}`);
    const resetAnswer = await post('/api/auth/reset-password', {
      token: reset,
      password: newPassword,
    });
    expect(resetAnswer.status).toBe(200);
    expect((await post('/api/auth/login', { email, password: newPassword })).status).toBe(200);

    for (const [path, body] of [
      ['/api/boost/checkout', { boostType: 'regular' }],
      ['/api/donations/checkout', { amount: 500 }],
    ] as const) {
      const started = await post(path, body);
      expect(started.status).toBe(200);
      const sessionId = sessionIdOf((started.body as Schema<'CheckoutUrlResponse'>).url);
      // The session id is the key to the payer's receipt: no log line may carry it.
      secrets.add(sessionId);
      expect((await get(`/checkout/${sessionId}`)).status).toBe(200);
      expect((await post(`/checkout/${sessionId}/pay`, {})).status).toBe(303);
      const confirmed = await post('/api/checkout/confirm', { sessionId });
      expect(confirmed.status).toBe(200);
      const receiptUrl = (confirmed.body as Schema<'CheckoutConfirmationResponse'>).receiptUrl!;
      secrets.add(new URL(receiptUrl).pathname.split('/').pop()!);
      expect((await get(new URL(receiptUrl).pathname)).status).toBe(200);
      await get(`/boost?session_id=${sessionId}&type=donation`);
    }

    // The outbox logged each mail, by its subject only.
    expect(
      await log.line((line) => /^Mail: Reset your SoleScore password/.test(line.msg ?? '')),
    ).toBeDefined();
    const subjects = (await outbox(app)).filter((mail) => mail.to === email).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Verify your email for SoleScore',
        'Reset your SoleScore password',
        'Your SoleScore password was changed',
      ]),
    );
    await log.line((line) => line.route === '/api/checkout/confirm');
    expectNoSecretIn(log, secrets);
  });

  it('nor the address an SMTP server quotes when it refuses a recipient', async () => {
    const smtp = await startCatchingSmtpServer({ bounce: true });
    const bounced = await startTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'info' }, undefined, {
      logDestination: log.stream,
    });
    try {
      const email = uniqueEmail('bounced');
      secrets.add(email);
      await request(bounced.server)
        .post('/api/auth/register')
        .send({ email, password: 'correct horse battery' })
        .expect(201);
      const refused = await log.line((line) =>
        (line.msg ?? '').includes('Recipient address rejected'),
      );
      expect(refused.level).toBe('error');
      expect(refused.msg).toContain('<[email address]>');
      expectNoSecretIn(log, secrets);
    } finally {
      await bounced.close();
      await smtp.close();
    }
  });
});

function expectNoSecretIn(log: LogCapture, secrets: Secrets): void {
  const text = log.text();
  expect(log.lines().length).toBeGreaterThan(10);
  for (const secret of secrets.values) expect(text).not.toContain(secret);
  expect(text).not.toMatch(EMAIL_ADDRESS);
}
