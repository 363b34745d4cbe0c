import { QueryBus } from '@nestjs/cqrs';
import { rmSync } from 'node:fs';
import request from 'supertest';
import { BoardAnswers } from '../../src/api/community/board-answers';
import { PublicReads } from '../../src/api/ssr/public-reads';
import { RENDERED_PAGE_SECONDS, SERVER_BUNDLE } from '../../src/api/ssr/server-rendered-pages';
import { publishPost, verifiedUser } from '../support/community';
import { fakeFrontend } from '../support/fake-frontend';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

const INDEX_HTML =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>SoleScore</title>' +
  '<meta name="description" content="Generic." />' +
  // Long enough to be sent compressed, as a real page is.
  `<meta name="keywords" content="${'feet '.repeat(250)}" />` +
  '<script>document.documentElement.dataset.ok = "1";</script>' +
  '</head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';
const PUBLIC_URL = 'http://solescore.example';

/**
 * A stand-in for the frontend's server bundle (frontend/src/entry-server.tsx): it reads what the
 * real one reads for a post page (through the reads the server hands it) and draws the post's
 * photo and author, as the real one does; every other page is a paragraph. It counts its renders.
 */
const FAKE_RENDERER = `
let reads;
let renders = 0;
exports.answerReadsWith = (given) => { reads = given; };
exports.renders = () => renders;
exports.renderPage = async (url, publicUrl, visitor) => {
  renders += 1;
  const post = /^\\/post\\/([^/?]+)/.exec(url);
  const gate = visitor.ageVerified ? '' : '<dialog open>The age gate</dialog>';
  if (!post) return { status: 200, html: gate + '<p>A page</p>', head: '', state: { queries: [] }, structuredData: null };
  const answer = await reads('/api/posts/' + post[1]);
  if (answer.status === 404) {
    return { status: 404, html: '<h1>Post not found</h1>', head: '', state: { queries: [] }, structuredData: null };
  }
  if (answer.status !== 200) throw new Error('read failed: ' + answer.status);
  const data = JSON.parse(answer.body);
  return {
    status: 200,
    html: '<img src="' + data.imageUrl + '" fetchpriority="high"/><p>' + data.username + '</p>',
    head: '<link rel="preload" as="image" href="' + data.imageUrl + '" fetchPriority="high"/>',
    state: { queries: [{ queryKey: ['/api/posts', data.id], state: { data } }] },
    structuredData: { '@type': 'ImageObject', contentUrl: publicUrl + data.imageUrl, name: '</script><script>alert(1)</script>' },
  };
};
`;

const dataBlock = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(html)![1]!,
  ) as { queries: { state: { data: { id: string } } }[] };

describe('server-rendered public pages', () => {
  let app: TestApp;
  let frontendDir: string;
  // Still unless a test moves it: a kept page lives until the next period of the clock.
  const clock = new TestClock();
  beforeAll(async () => {
    frontendDir = fakeFrontend(INDEX_HTML, { [SERVER_BUNDLE]: FAKE_RENDERER });
    app = await startTestApp({ FRONTEND_DIR: frontendDir, PUBLIC_URL }, undefined, { clock });
  });
  afterAll(async () => {
    await app.close();
    rmSync(frontendDir, { recursive: true, force: true });
  });

  it('given a post, when its page is asked for, then the HTML holds the rendered post, its data, its JSON-LD and its photo’s preload', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);

    const response = await request(app.server).get(`/post/${postId}`).expect(200);

    const post = (await request(app.server).get(`/api/posts/${postId}`).expect(200)).body as {
      imageUrl: string;
      username: string;
    };
    expect(response.text).toContain(
      `<div id="root"><img src="${post.imageUrl}" fetchpriority="high"/><p>${post.username}</p></div>`,
    );
    expect(dataBlock(response.text).queries[0]!.state.data).toEqual(post);
    const head = response.text.slice(0, response.text.indexOf('</head>'));
    expect(head).toContain(`<link rel="preload" as="image" href="${post.imageUrl}"`);
    // The JSON-LD cannot end its script element, whatever a member wrote.
    expect(head).toContain(
      '<script type="application/ld+json">{"@type":"ImageObject","contentUrl":"http://solescore.example' +
        post.imageUrl +
        '","name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}</script>',
    );
    // Data blocks run nothing: the policy still allows the theme script alone.
    const scriptSources = /script-src ([^;]*)/.exec(
      response.headers['content-security-policy'],
    )![1];
    expect(scriptSources.match(/'sha256-/g)).toHaveLength(1);
  });

  it('given a post removed by its author, when its page is asked for again, then it is the not-found page with status 404 at once', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    await request(app.server).get(`/post/${postId}`).expect(200);

    await author.agent.delete(`/api/user/posts/${postId}`).expect(200);

    const response = await request(app.server).get(`/post/${postId}`).expect(404);
    expect(response.text).toContain('<h1>Post not found</h1>');
    expect(response.text).not.toContain('application/ld+json');
  });

  it('given a page rendered moments ago, when asked for again with nothing new in the log, then the same bytes are sent without a render', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const renderer = require(`${frontendDir}/${SERVER_BUNDLE}`) as { renders(): number };
    const first = await request(app.server)
      .get('/termsofservice')
      .set('Accept-Encoding', 'br')
      .expect(200);
    const before = renderer.renders();

    const again = await request(app.server)
      .get('/termsofservice')
      .set('Accept-Encoding', 'br')
      .expect(200);

    expect(again.text).toContain('<p>A page</p>');
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(renderer.renders()).toBe(before);
    // A browser holding it is told it has not changed.
    await request(app.server)
      .get('/termsofservice')
      .set('Accept-Encoding', 'br')
      .set('If-None-Match', first.headers['etag'])
      .expect(304);
  });

  it('given a visitor whose cookie says they passed the age gate, when a page is asked for, then it is drawn without the gate, kept apart from the gated one', async () => {
    const gated = await request(app.server).get('/how-ratings-work').expect(200);
    const passed = await request(app.server)
      .get('/how-ratings-work')
      .set('Cookie', 'theme=dark; ageVerified=true')
      .expect(200);

    expect(gated.text).toContain('<dialog open>The age gate</dialog>');
    expect(passed.text).toContain('<p>A page</p>');
    expect(passed.text).not.toContain('The age gate');
    expect(passed.headers['etag']).not.toBe(gated.headers['etag']);
    expect(passed.headers['vary']).toMatch(/Cookie/);
    // Any other value is no pass.
    const forged = await request(app.server)
      .get('/how-ratings-work')
      .set('Cookie', 'ageVerified=yes')
      .expect(200);
    expect(forged.text).toContain('The age gate');
  });

  it('given the age gate sent as a plain form with both statements ticked, when posted, then the cookie is set and the visitor goes back to their page', async () => {
    const answer = await request(app.server)
      .post('/age-check')
      .type('form')
      .send({ confirmsAge: 'on', confirmsContent: 'on', returnTo: '/post/abc?posted=1' })
      .expect(303);

    expect(answer.headers['location']).toBe('/post/abc?posted=1');
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(/^ageVerified=true; Max-Age=31536000; Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);
    const page = await request(app.server)
      .get('/how-ratings-work')
      .set('Cookie', cookie.split(';')[0]!)
      .expect(200);
    expect(page.text).not.toContain('The age gate');
  });

  it('given the age gate sent with a statement missing, when posted, then nothing is set and a page says what is missing, with the way back', async () => {
    const answer = await request(app.server)
      .post('/age-check')
      .type('form')
      .send({ confirmsAge: 'on', returnTo: '/leaderboard' })
      .expect(400);

    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.text).toContain('Please confirm both statements');
    expect(answer.text).toContain('href="/leaderboard"');
  });

  it('given the age gate posted with a way back to another site or from another site, when posted, then it goes home, or is refused', async () => {
    for (const returnTo of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'home',
      '/x\r\nSet-Cookie: a=b',
    ]) {
      const answer = await request(app.server)
        .post('/age-check')
        .type('form')
        .send({ confirmsAge: 'on', confirmsContent: 'on', returnTo })
        .expect(303);
      expect({ returnTo, location: answer.headers['location'] }).toEqual({
        returnTo,
        location: '/',
      });
    }
    await request(app.server)
      .post('/age-check')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ confirmsAge: 'on', confirmsContent: 'on', returnTo: '/' })
      .expect(403);
  });

  it('given a page kept, when its time is up, then it is rendered again', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const renderer = require(`${frontendDir}/${SERVER_BUNDLE}`) as { renders(): number };
    await request(app.server).get('/privacypolicy').expect(200);
    const before = renderer.renders();

    clock.advance(RENDERED_PAGE_SECONDS * 1000);
    await request(app.server).get('/privacypolicy').expect(200);

    expect(renderer.renders()).toBe(before + 1);
  });

  it('given a path that is none of the app’s pages, when asked for, then the rendered not-found page comes with 404', async () => {
    const response = await request(app.server).get('/no-such-page').expect(404);
    expect(response.text).toContain(
      '<div id="root"><dialog open>The age gate</dialog><p>A page</p></div>',
    );
  });

  it('given pages kept, when asked for with parameters they do not read or in another order, or at other made-up paths, then no page is rendered again', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const renderer = require(`${frontendDir}/${SERVER_BUNDLE}`) as { renders(): number };
    await request(app.server).get('/leaderboard?tab=week&sort=top').expect(200);
    await request(app.server).get('/termsofservice').expect(200);
    await request(app.server).get('/made-up-path').expect(404);
    const before = renderer.renders();

    for (let i = 0; i < 5; i += 1) {
      const junk = `x=${i}-${Math.random()}`;
      await request(app.server).get(`/leaderboard?sort=top&${junk}&tab=week`).expect(200);
      await request(app.server).get(`/termsofservice?${junk}`).expect(200);
      await request(app.server).get(`/made-up-path-${i}?${junk}`).expect(404);
    }

    expect(renderer.renders()).toBe(before);
    // A parameter the page reads is another page.
    await request(app.server).get('/leaderboard?tab=week&sort=top&q=feet').expect(200);
    expect(renderer.renders()).toBe(before + 1);
  });

  it('given an account page, when asked for, then it is sent unrendered (it is the browser’s)', async () => {
    const response = await request(app.server).get('/login').expect(200);
    expect(response.text).toContain('<div id="root"></div>');
    expect(response.text).not.toContain('server-state');
  });

  it.each([
    ['/api/posts?sort=top&limit=24'],
    ['/api/posts?sort=recent&limit=2'],
    ['/api/leaderboard/weekly?limit=24'],
    ['/api/leaderboard/weeks'],
  ])(
    'given the public read %s, when answered in process, then it is the api’s answer to a visitor',
    async (path) => {
      const author = await verifiedUser(app);
      await publishPost(app, author);
      await publishPost(app, author);
      const reads = new PublicReads(app.app.get(QueryBus), app.app.get(BoardAnswers));

      const [inProcess, overHttp] = await Promise.all([
        reads.get(path),
        request(app.server).get(path).expect(200),
      ]);

      expect(inProcess.status).toBe(200);
      expect(JSON.parse(inProcess.body)).toEqual(overHttp.body);
      expect(inProcess.link ?? undefined).toBe(overHttp.headers['link']);
    },
  );

  it('given a post, its thread and its author, when read in process, then they are the api’s answers to a visitor, and a missing one is its 404', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    await author.agent.post(`/api/posts/${postId}/comments`).send({ text: 'Lovely arches!' });
    const reads = new PublicReads(app.app.get(QueryBus), app.app.get(BoardAnswers));

    for (const path of [
      `/api/posts/${postId}`,
      `/api/posts/${postId}/comments`,
      `/api/users/${author.user.id}`,
      '/api/home/summary',
    ]) {
      const overHttp = await request(app.server).get(path).expect(200);
      expect(JSON.parse((await reads.get(path)).body)).toEqual(overHttp.body);
    }
    const missing = await reads.get('/api/posts/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ message: 'Post not found' });
    expect((await reads.get('/api/posts?sort=sideways')).status).toBe(400);
    await expect(reads.get('/api/auth/session')).rejects.toThrow(/No in-process read/);
  });
});
