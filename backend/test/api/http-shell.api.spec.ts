import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { rawRequest } from '../support/raw-get';
import { makeJpeg } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';
import { fakeFrontend } from '../support/fake-frontend';

const THEME_SCRIPT = "document.documentElement.classList.add('dark');";

/** A built script big enough to be worth compressing. */
const BIG_SCRIPT = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i};`).join(
  '\n',
);

const TOKEN = 'operator-token-0123456789abcdef0123456789';

describe('the HTTP shell around the api', () => {
  let app: TestApp;
  let frontendDir: string;
  beforeAll(async () => {
    frontendDir = fakeFrontend(
      `<!doctype html><html><head><title>SoleScore</title><script>${THEME_SCRIPT}</script>` +
        '<script type="module" src="/assets/app-1a2b.js"></script></head><body></body></html>',
      {
        'assets/app-1a2b.js': 'console.log(1)',
        // A built script with its copies compressed at build time, and a file outside /assets.
        'assets/big-3c4d.js': BIG_SCRIPT,
        'assets/big-3c4d.js.br': brotliCompressSync(BIG_SCRIPT),
        'assets/big-3c4d.js.gz': gzipSync(BIG_SCRIPT),
        'site.webmanifest': BIG_SCRIPT,
        'site.webmanifest.gz': gzipSync(BIG_SCRIPT),
        // A stray file at an api path: the api answers there, never the frontend's folder.
        'api/health/live': 'a stray file',
      },
    );
    app = await startTestApp({
      FRONTEND_DIR: frontendDir,
      UPLOAD_LIMIT_PER_HOUR: '1',
      METRICS_TOKEN: TOKEN,
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(frontendDir, { recursive: true, force: true });
  });

  it('answers malformed JSON with a plain message that does not quote the input', async () => {
    const response = await request(app.server)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": secret-input')
      .expect(400);
    expect(response.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('keeps an idle connection open longer than the proxies in front of it', async () => {
    // A request on a connection the server is closing at that moment is reset: Node's default of
    // 5 s idle meets every client that pauses; a load balancer keeps its own for 60 s.
    const answer = await rawRequest(app.server, '/api/health/live', { Connection: 'keep-alive' });
    expect(answer.status).toBe(200);
    expect(answer.headers['keep-alive']).toBe('timeout=65');
  });

  it('serves the app page for client routes, also to HEAD, with revalidation', async () => {
    const page = await request(app.server).get('/login').expect(200);
    expect(page.text).toContain('<title>SoleScore</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    await request(app.server).head('/leaderboard').expect(200);
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    await request(app.server).get('/my-posts').set('If-None-Match', etag).expect(304);
  });

  it('answers a path that is none of the app’s pages with the page and 404, to GET and HEAD', async () => {
    for (const path of ['/nope', '/post', '/my-posts/old', '/leaderboards', '/user/a/b']) {
      const page = await request(app.server).get(path).expect(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<title>SoleScore</title>');
      await request(app.server).head(path).expect(404);
    }
    // The router's pages, a trailing slash and any case included, are the page (a missing post's
    // or profile's page is a 404 of its own: share-previews.api.spec).
    for (const path of ['/', '/leaderboard/', '/Login', '/my-posts/', '/rtm-sys/posts']) {
      await request(app.server).get(path).expect(200);
    }
  });

  it('serves fingerprinted assets immutably and answers a missing one with 404, not the page', async () => {
    const asset = await request(app.server).get('/assets/app-1a2b.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await request(app.server).get('/assets/app-gone.js').expect(404);
    expect(missing.text).not.toContain('<title>');
    await request(app.server).get('/robots-missing.txt').expect(404);
  });

  it('serves the frontend compressed at build time by Accept-Encoding, with the right headers', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const asset = await rawRequest(app.server, '/assets/big-3c4d.js', {
        'Accept-Encoding': accept,
      });
      expect(asset.status).toBe(200);
      expect(asset.headers['content-encoding']).toBe(encoding);
      expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
      expect(asset.headers['vary']).toContain('Accept-Encoding');
      expect(Number(asset.headers['content-length'])).toBe(asset.raw.length);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.decoded.toString()).toBe(BIG_SCRIPT);
      const again = await rawRequest(app.server, '/assets/big-3c4d.js', {
        'Accept-Encoding': accept,
        'If-None-Match': asset.headers.etag as string,
      });
      expect(again.status).toBe(304);
      expect(again.raw.length).toBe(0);
      // A file's 304 keeps its type (a JSON answer's drops it, as Express's res.send does).
      expect(again.headers['content-type']).toMatch(/^text\/javascript/);
    }
    const plain = await rawRequest(app.server, '/assets/big-3c4d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString()).toBe(BIG_SCRIPT);
    expect(plain.headers['vary']).toContain('Accept-Encoding');
    const head = await rawRequest(
      app.server,
      '/assets/big-3c4d.js',
      { 'Accept-Encoding': 'br' },
      'HEAD',
    );
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.raw.length).toBe(0);

    // Only a gzip copy outside /assets: revalidated, and brotli-only browsers get the file
    // compressed as it is sent.
    const manifest = await rawRequest(app.server, '/site.webmanifest', {
      'Accept-Encoding': 'gzip, br',
    });
    expect(manifest.headers['content-encoding']).toBe('gzip');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const brOnly = await rawRequest(app.server, '/site.webmanifest', { 'Accept-Encoding': 'br' });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(brOnly.decoded.toString()).toBe(BIG_SCRIPT);
  });

  it('compresses JSON answers above 1 KB and leaves small ones and images alone', async () => {
    const document = await rawRequest(app.server, '/api/openapi.json', {
      'Accept-Encoding': 'br, gzip',
    });
    expect(document.headers['content-encoding']).toBe('br');
    expect(document.headers['content-type']).toContain('application/json');
    // Compressed as it is sent, so sent in chunks: the length is not known before the end.
    expect(document.headers['content-length']).toBeUndefined();
    expect(JSON.parse(document.decoded.toString())).toHaveProperty('openapi');
    const small = await rawRequest(app.server, '/api/health/live', {
      'Accept-Encoding': 'br, gzip',
    });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const page = await rawRequest(app.server, '/login', { 'Accept-Encoding': 'gzip' });
    expect(page.decoded.toString()).toContain('<title>SoleScore</title>');
  });

  it('does not let a client pick its address with X-Forwarded-For to dodge a limit', async () => {
    const jpeg = await makeJpeg({ width: 320, height: 256, seed: 4 });
    const upload = (forwardedFor: string) =>
      request(app.server)
        .post('/api/upload')
        .set('X-Forwarded-For', forwardedFor)
        .attach('image', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' });
    expect((await upload('203.0.113.1')).status).toBe(200);
    expect((await upload('203.0.113.2')).status).toBe(429);
  });

  it('answers liveness on its own route, beside readiness, whatever the frontend folder holds', async () => {
    const live = await request(app.server).get('/api/health/live').expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    // Not stored, so not revalidated: no ETag hashed from the body.
    expect(live.headers.etag).toBeUndefined();
    // Readiness to anyone; how far the log has come only to the operators' metrics token.
    for (const authorization of [undefined, 'Bearer guessed-token-0123456789abcdef012345']) {
      const answer = request(app.server).get('/api/health');
      if (authorization) answer.set('Authorization', authorization);
      expect((await answer.expect(200)).body).toEqual({ status: 'ok' });
    }
    const ready = await request(app.server)
      .get('/api/health')
      .set('Authorization', `Bearer ${TOKEN}`)
      .expect(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(Object.keys(ready.body as object).sort()).toEqual([
      'gate',
      'log',
      'projected',
      'rebuild',
      'status',
    ]);
  });

  it('sends security headers with every answer', async () => {
    const response = await request(app.server).get('/api/health').expect(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('lets the page run only its own scripts: the inline theme script by its hash, no plugins', async () => {
    const page = await request(app.server).get('/leaderboard').expect(200);
    const csp = page.headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    // Every inline script of the served page is allowed by exactly its hash.
    const inline = [...page.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline).toHaveLength(1);
    for (const [, body] of inline) {
      const hash = createHash('sha256').update(body, 'utf8').digest('base64');
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
  });
});
