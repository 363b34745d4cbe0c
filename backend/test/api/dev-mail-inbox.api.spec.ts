import request from 'supertest';
import { registerUser, uniqueEmail } from '../support/accounts';
import { fakeFrontend } from '../support/fake-frontend';
import { startTestApp, type TestApp } from '../support/test-app';

const APP_PAGE =
  '<!doctype html><html><head><title>SoleScore</title></head><body>app</body></html>';

/** The href of every link of a page, in order. */
const hrefsOf = (html: string) => [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);

describe('GET /dev/mail (the development inbox page)', () => {
  let app: TestApp;
  beforeAll(async () => {
    // With a built frontend: the page is the server's, not the app's page for an unknown path.
    app = await startTestApp({
      PUBLIC_URL: 'http://localhost:5173',
      FRONTEND_DIR: fakeFrontend(APP_PAGE),
    });
  });
  afterAll(() => app.close());

  it('given a sign-up and a reset, when the page is opened, then it lists both mails newest first with their links clickable', async () => {
    const member = await registerUser(app, uniqueEmail('inbox'));
    await request(app.server).post('/api/auth/forgot-password').send({ email: member.email });

    const response = await request(app.server).get('/dev/mail').expect(200);

    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    const html = response.text;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toContain('>app<');
    const reset = html.indexOf('<h2 id="mail-1">Reset your SoleScore password</h2>');
    const verify = html.indexOf('<h2 id="mail-2">Verify your email for SoleScore</h2>');
    expect(reset).toBeGreaterThan(0);
    expect(verify).toBeGreaterThan(reset);
    expect(html).toContain(`<dd>${member.email}</dd>`);
    expect(html).toMatch(
      /<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">\d{4}-\d\d-\d\d [\d:]+ UTC<\/time>/,
    );
    const links = hrefsOf(html).filter((href) => href.startsWith('http://localhost:5173/'));
    expect(links[0]).toMatch(/^http:\/\/localhost:5173\/reset-password\?token=[\w%-]+$/);
    expect(links[1]).toMatch(/^http:\/\/localhost:5173\/verify-email\?token=[\w%-]+$/);
  });

  it('given the verification link on the page, when it is followed, then the address is verified', async () => {
    const member = await registerUser(app, uniqueEmail('follow'));
    const html = (await request(app.server).get('/dev/mail').expect(200)).text;
    const link = hrefsOf(html).find((href) => href.includes('/verify-email?token='))!;
    const token = new URL(link).searchParams.get('token');

    await member.agent.post('/api/auth/verify-email').send({ token }).expect(200);

    const me = await member.agent.get('/api/auth/me').expect(200);
    expect(me.body).toMatchObject({ email: member.email, emailVerified: true });
  });
});

describe('GET /dev/mail elsewhere', () => {
  it('given a trusted proxy, when the page is asked for, then it answers 404 as the JSON outbox does', async () => {
    const app = await startTestApp({ TRUST_PROXY: '1' });
    try {
      for (const path of ['/dev/mail', '/api/dev/mail']) {
        const response = await request(app.server).get(path).expect(404);
        expect(response.body).toEqual({ message: 'Not found' });
      }
    } finally {
      await app.close();
    }
  });

  it('given mail sent through SMTP, when the page is asked for, then it answers 404', async () => {
    const app = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const response = await request(app.server).get('/dev/mail').expect(404);
      expect(response.body).toEqual({
        message: 'Mail is sent through SMTP; there is no outbox to show',
      });
    } finally {
      await app.close();
    }
  });

  it('given a production start with the outbox allowed and a built frontend, when the page is asked for, then it does not exist', async () => {
    const app = await startTestApp({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
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
      FRONTEND_DIR: fakeFrontend(APP_PAGE),
    });
    try {
      await request(app.server)
        .post('/api/auth/register')
        .send({ email: uniqueEmail('prod'), password: 'correct horse battery' })
        .expect(201);

      for (const path of ['/dev/mail', '/api/dev/mail']) {
        const response = await request(app.server).get(path).expect(404);
        expect(response.body).toEqual({ message: `Cannot GET ${path}` });
      }
    } finally {
      await app.close();
    }
  });
});
