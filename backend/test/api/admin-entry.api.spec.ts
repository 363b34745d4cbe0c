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

describe('the hidden admin sign-in path', () => {
  let app: TestApp;
  let frontendDir: string;
  beforeAll(async () => {
    frontendDir = fakeFrontend(INDEX_HTML, { 'assets/index-abc.js': 'console.log("app")' });
    app = await startTestApp({ FRONTEND_DIR: frontendDir, ADMIN_LOGIN_PATH: '/staff/door-7' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(frontendDir, { recursive: true, force: true });
  });

  it('GET /api/rtm-sys/entry redirects to ADMIN_LOGIN_PATH with no body and no caching', async () => {
    const response = await request(app.server).get('/api/rtm-sys/entry').expect(302);
    expect(response.headers.location).toBe('/staff/door-7');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text ?? '').toBe('');
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
    for (const path of ['/', '/login', '/rtm-sys', '/rtm-sys/posts']) {
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
    const app = await startTestApp();
    try {
      const response = await request(app.server).get('/api/rtm-sys/entry').expect(302);
      expect(response.headers.location).toBe('/rtm-login');
    } finally {
      await app.close();
    }
  });
});
