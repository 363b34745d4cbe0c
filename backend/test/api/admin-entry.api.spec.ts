import { rmSync } from 'node:fs';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app';
import { fakeFrontend } from '../support/fake-frontend';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>SoleScore</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const MARKER = '<meta name="admin-login" content="true" />';
const ADMIN = { ADMIN_USERNAME: 'entry_admin', ADMIN_PASSWORD: 'a long admin password' };
const APP_SECRET = 'an app secret of at least thirty-two characters';

/** A browser that signs in as the admin: its cookies, the entry's mark among them. */
async function adminBrowser(app: TestApp) {
  const browser = request.agent(app.server);
  await browser
    .post('/api/rtm-sys/login')
    .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
    .expect(200);
  return browser;
}

describe('the hidden admin sign-in path', () => {
  let app: TestApp;
  let frontendDir: string;
  beforeAll(async () => {
    frontendDir = fakeFrontend(INDEX_HTML, { 'assets/index-abc.js': 'console.log("app")' });
    app = await startTestApp({
      ...ADMIN,
      APP_SECRET,
      // Stripe's keys: the page carries no local checkout marker (local-checkout-mark.api.spec),
      // so every page but the sign-in one is index.html as built.
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_fake_secret_for_tests',
      FRONTEND_DIR: frontendDir,
      ADMIN_LOGIN_PATH: '/staff/door-7',
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(frontendDir, { recursive: true, force: true });
  });

  it('GET /api/rtm-sys/entry answers 404 to a browser that never signed in as an admin, naming no path', async () => {
    const response = await request(app.server).get('/api/rtm-sys/entry').expect(404);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({ message: 'Not found' });
    expect(response.text).not.toContain('door-7');
  });

  it('GET /api/rtm-sys/entry redirects a browser that signed in as an admin before, even signed out, with no body and no caching', async () => {
    const browser = await adminBrowser(app);
    await browser.post('/api/rtm-sys/logout').expect(200);
    const response = await browser.get('/api/rtm-sys/entry').expect(302);
    expect(response.headers.location).toBe('/staff/door-7');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text ?? '').toBe('');
  });

  it('marks the admin’s browser with an HttpOnly, SameSite=Strict cookie kept to the entry, saying nothing', async () => {
    const login = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    const cookies = login.headers['set-cookie'] as unknown as string[];
    const mark = cookies.find((cookie) => cookie.startsWith('admin_entry='));
    expect(mark).toBeDefined();
    expect(mark).toMatch(/; Path=\/api\/rtm-sys\/entry;/);
    expect(mark).toMatch(/; HttpOnly/);
    expect(mark).toMatch(/; SameSite=Strict/);
    expect(mark).toMatch(/; Max-Age=\d{8}/);
    const value = mark!.split(';')[0]!.slice('admin_entry='.length);
    expect(value).not.toContain('door');
    expect(value).not.toContain(ADMIN.ADMIN_USERNAME);
    // Each sign-in marks its browser with a value of its own.
    const again = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    expect(String(again.headers['set-cookie'])).not.toContain(value);
  });

  it('answers 404 to a made-up or altered mark', async () => {
    const login = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    const mark = (login.headers['set-cookie'] as unknown as string[])
      .find((cookie) => cookie.startsWith('admin_entry='))!
      .split(';')[0]!;
    const [nonce, signature] = mark.slice('admin_entry='.length).split('.');
    const altered = `${nonce!.slice(0, -1)}${nonce!.endsWith('A') ? 'B' : 'A'}.${signature}`;
    for (const cookie of ['admin_entry=1', 'admin_entry=true', `admin_entry=${altered}`]) {
      await request(app.server).get('/api/rtm-sys/entry').set('Cookie', cookie).expect(404);
    }
    await request(app.server).get('/api/rtm-sys/entry').set('Cookie', mark).expect(302);
  });

  it('serves index.html with the admin sign-in marker at exactly that path', async () => {
    const response = await request(app.server).get('/staff/door-7').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.text).toContain(MARKER);
    // The marker sits in the head, the rest of the document is unchanged.
    expect(response.text.indexOf(MARKER)).toBeLessThan(response.text.indexOf('</head>'));
    expect(response.text.replace(/\s*<meta name="(admin-login|robots)"[^>]*>/g, '')).toBe(
      INDEX_HTML.replace(/\s*<\/head>/, '\n  </head>'),
    );
  });

  it('serves the plain index.html everywhere else, including near misses', async () => {
    // (The home page has its own link preview head: share-previews.api.spec.)
    for (const path of ['/login', '/rtm-sys', '/rtm-sys/posts']) {
      const response = await request(app.server).get(path).expect(200);
      expect(response.text).toBe(INDEX_HTML);
      expect(response.headers['x-robots-tag']).toBeUndefined();
    }
    // A near miss is none of the app's pages: the page again, with its not-found status.
    for (const path of ['/staff/door-7/', '/staff', '/staff/door-8']) {
      const response = await request(app.server).get(path).expect(404);
      expect(response.text).toBe(INDEX_HTML);
      expect(response.headers['x-robots-tag']).toBeUndefined();
    }
  });

  it('keeps the path out of the frontend files and the api', async () => {
    const asset = await request(app.server).get('/assets/index-abc.js').expect(200);
    expect(asset.text).not.toContain('door-7');
    const api = await request(app.server).get('/api/rtm-sys/me').expect(401);
    expect(JSON.stringify(api.body)).not.toContain('door-7');
  });
});

describe('the admin sign-in path by default', () => {
  it('is /rtm-login outside production', async () => {
    const app = await startTestApp(ADMIN);
    try {
      const browser = await adminBrowser(app);
      const response = await browser.get('/api/rtm-sys/entry').expect(302);
      expect(response.headers.location).toBe('/rtm-login');
    } finally {
      await app.close();
    }
  });
});

describe('a mark made before the sign-in path changed', () => {
  it('no longer leads anywhere: the new path is not shown to a browser that knew the old one', async () => {
    const before = await startTestApp({ ...ADMIN, APP_SECRET, ADMIN_LOGIN_PATH: '/old-door' });
    let mark: string;
    try {
      const login = await request(before.server)
        .post('/api/rtm-sys/login')
        .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
        .expect(200);
      mark = (login.headers['set-cookie'] as unknown as string[])
        .find((cookie) => cookie.startsWith('admin_entry='))!
        .split(';')[0]!;
      await request(before.server).get('/api/rtm-sys/entry').set('Cookie', mark).expect(302);
    } finally {
      await before.close();
    }
    const after = await startTestApp({ ...ADMIN, APP_SECRET, ADMIN_LOGIN_PATH: '/new-door' });
    try {
      await request(after.server).get('/api/rtm-sys/entry').set('Cookie', mark).expect(404);
    } finally {
      await after.close();
    }
  });
});
