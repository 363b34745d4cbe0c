import sharp from 'sharp';
import request from 'supertest';
import { ShareCardCache } from '../../src/application/community/get-share-card/share-card-cache';
import { publishPost, verifiedUser } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';
import { fakeFrontend } from '../support/fake-frontend';
import { rmSync } from 'node:fs';

const PUBLIC_URL = 'http://solescore.example';

describe('share cards of posts', () => {
  let app: TestApp;
  let frontendDir: string;
  beforeAll(async () => {
    frontendDir = fakeFrontend(
      '<!doctype html><html><head><title>SoleScore</title></head><body></body></html>',
    );
    app = await startTestApp({ FRONTEND_DIR: frontendDir, PUBLIC_URL });
  });
  afterAll(async () => {
    await app.close();
    rmSync(frontendDir, { recursive: true, force: true });
  });

  /** The card's path as the post's page names it in `og:image`, fetched as an unfurler does. */
  const cardPathOf = async (postId: string) => {
    const page = await request(app.server)
      .get(`/post/${postId}`)
      .set('User-Agent', 'facebookexternalhit/1.1')
      .expect(200);
    const image = /<meta property="og:image" content="([^"]+)"/.exec(page.text)?.[1];
    expect(image).toBeDefined();
    return image!.replace(PUBLIC_URL, '').replace(/&amp;/g, '&');
  };
  const card = (path: string) =>
    request(app.server)
      .get(path)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('is a 1200×630 JPEG at the address og:image names, kept for a minute under its version, as the photos are', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const path = await cardPathOf(postId);
    const response = await card(path).expect(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    const meta = await sharp(response.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w.-]+"$/);
    await card(path).set('If-None-Match', etag).expect(304);
    // Without the version (or with an old one) it is revalidated, never kept stale.
    const bare = await card(`/api/posts/${postId}/card.jpg`).expect(200);
    expect(bare.headers['cache-control']).toBe('public, no-cache');
  });

  it('is drawn again with a new version when a rating changes the score', async () => {
    const author = await verifiedUser(app);
    const rater = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const before = await cardPathOf(postId);
    const first = (await card(before).expect(200)).body as Buffer;
    await rater.agent.post('/api/ratings/submit').send({ postId, overallScore: 0 }).expect(201);
    const after = await cardPathOf(postId);
    expect(after).not.toBe(before);
    const second = await card(after).expect(200);
    expect(Buffer.compare(second.body as Buffer, first)).not.toBe(0);
    expect(second.headers.etag).not.toBe(`"${new URL(before, PUBLIC_URL).searchParams.get('v')}"`);
    // The old address now gets the new card, and is only revalidated.
    const stale = await card(before).expect(200);
    expect(stale.headers['cache-control']).toBe('public, no-cache');
    expect(Buffer.compare(stale.body as Buffer, second.body as Buffer)).toBe(0);
  });

  it('answers 404 for a deleted post, and forgets its cached card', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const path = await cardPathOf(postId);
    await card(path).expect(200);
    const cache = app.app.get(ShareCardCache);
    expect(cache.has(postId)).toBe(true);
    await author.agent.delete(`/api/user/posts/${postId}`).expect(200);
    const gone = await request(app.server).get(path).expect(404);
    expect(gone.body).toEqual({ message: 'Post not found' });
    expect(cache.has(postId)).toBe(false);
    await request(app.server).get('/api/posts/not-a-post/card.jpg').expect(404);
  });
});
