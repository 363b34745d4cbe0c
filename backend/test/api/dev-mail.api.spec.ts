import request from 'supertest';
import { registerUser, type SentMail, uniqueEmail } from '../support/accounts';
import { startCatchingSmtpServer } from '../support/catching-smtp-server';
import { LogCapture } from '../support/log-capture';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';
import { until } from '../support/until';

describe('GET /api/dev/mail (the outbox of the embedded default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: 'http://localhost:5173' });
  });
  afterAll(() => app.close());

  it('lists sent mail newest first with to, subject, text, html and sentAt', async () => {
    const first = await registerUser(app, uniqueEmail('first'));
    const second = await registerUser(app, uniqueEmail('second'));
    await request(app.server).post('/api/auth/forgot-password').send({ email: first.email });

    const mails = (await request(app.server).get('/api/dev/mail').expect(200)).body as SentMail[];
    expect(mails.slice(0, 3).map((m) => [m.to, m.subject])).toEqual([
      [first.email, 'Reset your SoleScore password'],
      [second.email, 'Verify your email for SoleScore'],
      [first.email, 'Verify your email for SoleScore'],
    ]);
    for (const mail of mails) {
      expect(Object.keys(mail).sort()).toEqual(['html', 'sentAt', 'subject', 'text', 'to']);
      expect(new Date(mail.sentAt).toISOString()).toBe(mail.sentAt);
      expect(mail.html).toMatch(/^<!doctype html>/);
    }
    expect(mails[1].text).toContain('http://localhost:5173/verify-email?token=');
    expect(mails[0].text).toContain('http://localhost:5173/reset-password?token=');
  });

  it('answers only a loopback host name: a DNS-rebound name reaches the loopback, not the outbox', async () => {
    for (const host of [
      'rebind.attacker.example',
      'localhost.attacker.example',
      '127.0.0.1.nip.io',
    ]) {
      await request(app.server).get('/api/dev/mail').set('Host', host).expect(404);
      await request(app.server).get('/dev/mail').set('Host', `${host}:3000`).expect(404);
    }
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:3000', 'LOCALHOST']) {
      await request(app.server).get('/api/dev/mail').set('Host', host).expect(200);
    }
  });

  it('is not cached', async () => {
    const response = await request(app.server).get('/api/dev/mail').expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/dev/mail elsewhere', () => {
  it.each([
    ['one proxy hop', '1'],
    ['the loopback proxy', 'loopback'],
  ])(
    'answers 404 whenever a proxy is trusted (%s), even to a client the proxy reports as local',
    async (_case, trustProxy) => {
      const app = await startTestApp({ TRUST_PROXY: trustProxy });
      try {
        // The proxy runs on this machine: every socket is the loopback, whoever the client is.
        for (const forwardedFor of [undefined, '203.0.113.9', '127.0.0.1']) {
          const asked = request(app.server).get('/api/dev/mail');
          if (forwardedFor) void asked.set('X-Forwarded-For', forwardedFor);
          const response = await asked.expect(404);
          expect(response.body).toEqual({ message: 'Not found' });
        }
      } finally {
        await app.close();
      }
    },
  );

  it('does not exist on a production start, where the session cookie is also Secure and no link is logged', async () => {
    // A production start logs at info level; keep its lines to check them, out of the output.
    const logged = new LogCapture();
    const app = await startTestApp(
      {
        NODE_ENV: 'production',
        ALLOW_EMBEDDED_STORE: 'true',
        ALLOW_OFFLINE_RATER: 'true',
        POSTS_REQUIRE_APPROVAL: 'true',
        ALLOW_MAIL_OUTBOX: 'true',
        ALLOW_LOCAL_CHECKOUT: 'true',
        APP_SECRET: 's'.repeat(40),
        // Required in production; this test erases nobody, so the file is never written.
        ERASURE_LEDGER: '/nonexistent/erasure-ledger.jsonl',
        PASSWORD_HASH_MEMORY_KIB: '19456',
        ADMIN_LOGIN_PATH: '/staff-door',
        TRUST_PROXY: 'false',
        PUBLIC_URL: 'https://solescore.example',
      },
      undefined,
      { logDestination: logged.stream },
    );
    try {
      const response = await request(app.server).get('/api/dev/mail').expect(404);
      expect(response.body).toEqual({ message: 'Cannot GET /api/dev/mail' });

      const email = uniqueEmail('prod');
      const registered = await request(app.server)
        .post('/api/auth/register')
        .send({ email, password: 'correct horse battery' })
        .expect(201);
      expect(String(registered.headers['set-cookie'])).toMatch(/^__Host-sid=.*; Secure/);
      expect((registered.body as Schema<'UserResponse'>).email).toMatch(/@example\.com$/);
      const mailed = await logged.line((line) => /^Mail: /.test(line.msg ?? ''));
      expect(mailed).toMatchObject({
        level: 'warn',
        msg: 'Mail: Verify your email for SoleScore (not delivered: SMTP_URL is not set)',
      });
      const log = logged.text();
      expect(log).not.toContain('token=');
      // Nor the recipient: a log cannot forget an erased account.
      expect(log).not.toContain(email);
      expect(log).not.toMatch(/\S+@\S+\.\w+/);
    } finally {
      await app.close();
    }
  });

  it('delivers through a local SMTP catcher that offers neither TLS nor AUTH, as with a proxy trusted the outbox is closed', async () => {
    const catcher = await startCatchingSmtpServer();
    const app = await startTestApp({ SMTP_URL: catcher.url, TRUST_PROXY: 'loopback' });
    try {
      await request(app.server).get('/api/dev/mail').expect(404);
      const email = uniqueEmail('caught');
      await request(app.server)
        .post('/api/auth/register')
        .send({ email, password: 'correct horse battery' })
        .expect(201);
      await until(() => catcher.caught.some((mail) => mail.to.includes(email)));
      const mail = catcher.caught.find((caught) => caught.to.includes(email))!;
      expect(mail.data).toMatch(/^Subject: Verify your email for SoleScore$/m);
      expect(mail.data.replace(/=\n/g, '')).toMatch(/verify-email\?token=(3D)?[\w-]+/);
    } finally {
      await app.close();
      await catcher.close();
    }
  });

  it('answers 404 when mail goes through SMTP', async () => {
    const app = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const response = await request(app.server).get('/api/dev/mail').expect(404);
      expect(response.body).toEqual({
        message: 'Mail is sent through SMTP; there is no outbox to show',
      });
    } finally {
      await app.close();
    }
  });
});
