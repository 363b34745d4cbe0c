import { rmSync } from 'node:fs';
import request from 'supertest';
import { registerUser } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';
import { fakeFrontend } from '../support/fake-frontend';
import type { Schema } from '../support/api-types';

const INDEX_HTML =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>SoleScore – Get your feet rated by AI</title>' +
  '<meta\n      name="description"\n      content="Generic description." />' +
  '</head><body><div id="root"></div></body></html>';
const PUBLIC_URL = 'http://solescore.example';
/** Fetched the way a link unfurler does: a plain GET, no JavaScript, no cookies. */
const UNFURLER = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

/** The content of each `<meta property|name=…>` tag of the page, by its name. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, name, content] of html.matchAll(
    /<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g,
  )) {
    tags[name] = content;
  }
  return tags;
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('link previews of shared pages', () => {
  let app: TestApp;
  let frontendDir: string;
  beforeAll(async () => {
    frontendDir = fakeFrontend(INDEX_HTML);
    app = await startTestApp({ FRONTEND_DIR: frontendDir, PUBLIC_URL });
  });
  afterAll(async () => {
    await app.close();
    rmSync(frontendDir, { recursive: true, force: true });
  });

  const page = (path: string) => request(app.server).get(path).set('User-Agent', UNFURLER);

  it('serves a post with its own title and card tags, as an unfurler fetches it', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const post = (await request(app.server).get(`/api/posts/${postId}`).expect(200))
      .body as Schema<'PostPageResponse'>;
    const response = await page(`/post/${postId}`).expect(200);
    expect(response.headers['content-type']).toContain('text/html');
    const tags = metaTags(response.text);
    const score = post.averageRating!;
    expect(titleOf(response.text)).toBe(`${score}/10 by ${post.username} – SoleScore`);
    expect(response.text.match(/<title>/g)).toHaveLength(1);
    expect(response.text).not.toContain('Generic description.');
    expect(tags['og:title']).toMatch(
      new RegExp(`^${score.replace('.', '\\.')}/10 on SoleScore: [A-Z ]+$`),
    );
    expect(tags).toMatchObject({
      'og:type': 'article',
      'og:site_name': 'SoleScore',
      'og:url': `${PUBLIC_URL}/post/${postId}`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
    });
    expect(tags['og:image']).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/posts/${postId}/card\\.jpg\\?v=[\\w.-]+$`),
    );
    expect(tags['og:description']).toContain(`Rated ${score}/10`);
    expect(tags['og:image:alt']).toContain(`rated ${score}/10`);
    expect(tags['description']).toBe(tags['og:description']);
  });

  it('gives each post’s page its own ETag, and revalidates it', async () => {
    const author = await verifiedUser(app);
    const [first, second] = [await publishPost(app, author), await publishPost(app, author)];
    const one = await page(`/post/${first}`).expect(200);
    const two = await page(`/post/${second}`).expect(200);
    const generic = await page('/login').expect(200);
    expect(new Set([one.headers.etag, two.headers.etag, generic.headers.etag]).size).toBe(3);
    expect(one.headers['cache-control']).toBe('no-cache');
    await page(`/post/${first}`)
      .set('If-None-Match', one.headers.etag as string)
      .expect(304);
    expect(generic.text).toContain('<title>SoleScore – Get your feet rated by AI</title>');
    expect(metaTags(generic.text)['og:title']).toBeUndefined();
  });

  it('names the author by the display name they chose', async () => {
    const author = await verifiedUser(app);
    await author.agent
      .patch('/api/user/profile')
      .send({ displayUsername: 'Ann_Walker' })
      .expect(200);
    const postId = await publishPost(app, author);
    const response = await page(`/post/${postId}`).expect(200);
    expect(titleOf(response.text)).toContain('by Ann_Walker – SoleScore');
    expect(metaTags(response.text)['og:description']).toContain('A photo by Ann_Walker');
  });

  it('answers 404 with the app’s page for a missing or deleted post', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    await author.agent.delete(`/api/user/posts/${postId}`).expect(200);
    for (const path of [
      `/post/${postId}`,
      '/post/2b7f0c1e-1d5f-4c3e-9a57-0d5c0b3f1a11',
      '/post/x',
    ]) {
      const response = await page(path).expect(404);
      expect(response.text).toContain('<div id="root"></div>');
      expect(metaTags(response.text)['og:image']).toBeUndefined();
    }
  });

  it('serves a profile with its name and its newest post’s card, and 404 for an unknown one', async () => {
    const author = await verifiedUser(app);
    await author.agent
      .patch('/api/user/profile')
      .send({ displayUsername: 'Bea_Stone' })
      .expect(200);
    const postId = await publishPost(app, author);
    const response = await page(`/user/${author.user.id}`).expect(200);
    expect(titleOf(response.text)).toBe('Bea_Stone – SoleScore');
    const tags = metaTags(response.text);
    expect(tags).toMatchObject({
      'og:title': 'Bea_Stone on SoleScore',
      'og:type': 'profile',
      'og:url': `${PUBLIC_URL}/user/${author.user.id}`,
    });
    expect(tags['og:image']).toContain(`/api/posts/${postId}/card.jpg?v=`);
    await page('/user/2b7f0c1e-1d5f-4c3e-9a57-0d5c0b3f1a11').expect(404);
    const { user } = await registerUser(app);
    expect(metaTags((await page(`/user/${user.id}`).expect(200)).text)['twitter:card']).toBe(
      'summary',
    );
  });

  it('serves the leaderboard with its title and this week’s leader as its image', async () => {
    const author = await verifiedUser(app);
    await publishPost(app, author);
    const response = await page('/leaderboard').expect(200);
    expect(titleOf(response.text)).toBe('Leaderboard – SoleScore');
    const tags = metaTags(response.text);
    expect(tags['og:url']).toBe(`${PUBLIC_URL}/leaderboard`);
    expect(tags['og:image']).toMatch(/\/api\/posts\/[\w-]+\/card\.jpg\?v=/);
  });

  it('given the home page, when an unfurler fetches it, then it carries the site’s title, description and card', async () => {
    const response = await page('/').expect(200);
    expect(titleOf(response.text)).toBe('SoleScore – Get your feet rated by AI');
    const tags = metaTags(response.text);
    expect(tags).toMatchObject({
      'og:type': 'website',
      'og:title': 'SoleScore: get your feet rated by AI',
      'og:url': `${PUBLIC_URL}/`,
      'og:image': `${PUBLIC_URL}/site-card.png`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
      'twitter:image': `${PUBLIC_URL}/site-card.png`,
    });
    expect(tags['og:description']).toMatch(/^Upload a photo of your feet/);
    expect(tags['twitter:title']).toBe(tags['og:title']);
    expect(tags['og:image:alt']).toBeTruthy();
  });

  it.each([
    ['/how-ratings-work', 'How ratings work – SoleScore', /^What a SoleScore rating is made of/],
    ['/termsofservice', 'Terms of Service – SoleScore', /^The terms for using SoleScore/],
    ['/privacypolicy', 'Privacy Policy – SoleScore', /^How SoleScore collects/],
  ])(
    'given the text page %s, when fetched without running the app, then it carries its own title, description and address',
    async (path, title, description) => {
      const response = await page(path).expect(200);
      expect(titleOf(response.text)).toBe(title);
      const tags = metaTags(response.text);
      expect(tags['og:title']).toBe(title);
      expect(tags['og:url']).toBe(`${PUBLIC_URL}${path}`);
      expect(tags['description']).toMatch(description);
      expect(tags['og:description']).toBe(tags['description']);
    },
  );
});
