import { beforeEach, describe, expect, it } from 'vitest';

import type { ServerState } from '@/lib/server-state-id';
import { postPage } from '@/test/post-page';

import { answerReadsWith, renderPage, type ApiAnswer } from './entry-server';

const ID = '01a2222d-c1e4-7013-a1f4-a91a1b77ec88';

const post = postPage({ id: ID, userId: '0b5c2b1e-7d1a-4f6e-9a57-8f2f3c9d1e21', likesCount: 3 });

let asked: string[] = [];

/** The api's answers a visitor would get, by path; anything else is a 404. */
function serve(answers: Record<string, unknown>) {
  asked = [];
  answerReadsWith(async (path): Promise<ApiAnswer> => {
    asked.push(path);
    return path in answers
      ? { status: 200, body: JSON.stringify(answers[path]) }
      : { status: 404, body: JSON.stringify({ message: 'Post not found' }) };
  });
}

const queryKeys = (state: unknown) =>
  (state as { queries: { queryKey: unknown[] }[] }).queries.map((query) => query.queryKey);

describe('renderPage', () => {
  beforeEach(() => serve({}));

  it('given a post, when its page is rendered, then the HTML holds its rating, its photo first in line, its JSON-LD and the data it was drawn from', async () => {
    serve({ [`/api/posts/${ID}`]: post, [`/api/posts/${ID}/comments?limit=50`]: [] });

    const page = await renderPage(`/post/${ID}`, 'https://solescore.test');

    expect(page.status).toBe(200);
    expect((page.state as ServerState).notFound).toBeUndefined();
    expect(page.html).toContain('SoleFan123');
    expect(page.html).toMatch(/<img src="\/uploads\/ab\/a\.webp"[^>]*fetchpriority="high"/i);
    expect(page.head).toMatch(/<link rel="preload" as="image" href="\/uploads\/ab\/a\.webp"/);
    expect(page.html).not.toMatch(/<link/i);
    expect(page.html).not.toMatch(/<script/i);
    expect(page.structuredData).toMatchObject({
      '@type': 'ImageObject',
      contentUrl: 'https://solescore.test/uploads/ab/a.webp',
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: '7.1',
        bestRating: 10,
        ratingCount: 13,
      },
    });
    // The thread the loader asks for without waiting is in the page's data too.
    expect(queryKeys(page.state)).toEqual(
      expect.arrayContaining([expect.arrayContaining([ID]), expect.arrayContaining([ID])]),
    );
    expect(JSON.stringify(page.state)).toContain('Even toes.');
    expect(asked.sort()).toEqual([`/api/posts/${ID}`, `/api/posts/${ID}/comments?limit=50`]);
  });

  it('given a removed post, when its page is rendered, then it is the not-found page with status 404 and no JSON-LD', async () => {
    const page = await renderPage(`/post/${ID}`, 'https://solescore.test');

    expect(page.status).toBe(404);
    expect(page.html).toContain('Post not found');
    expect(page.html).not.toContain('SoleFan123');
    expect(page.structuredData).toBeNull();
    // Drawn for a visitor: the browser draws it again with its own session (hydrate-page.ts).
    expect((page.state as ServerState).notFound).toBe(true);
  });

  it('given any page, when rendered, then the age gate covers it, open before any script runs', async () => {
    const page = await renderPage('/leaderboard/weeks', 'https://solescore.test');

    expect(page.html).toMatch(/<dialog[^>]*\bopen=""/);
    expect(page.html).toContain('Before you continue, please confirm the following');
  });

  it('given the age gate drawn before any script runs, when read, then it is a form the server takes: both boxes asked for, the button enabled, the way back named', async () => {
    const page = await renderPage('/leaderboard/weeks', 'https://solescore.test');

    const form = /<form[^>]*>/.exec(page.html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/age-check"');
    expect(page.html).toContain(
      '<input type="hidden" name="returnTo" value="/leaderboard/weeks"/>',
    );
    expect(page.html).toMatch(/<input(?=[^>]*name="confirmsAge")(?=[^>]*required="")[^>]*>/);
    expect(page.html).toMatch(/<input(?=[^>]*name="confirmsContent")(?=[^>]*required="")[^>]*>/);
    expect(page.html).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  });

  it('given a visitor whose cookie says they passed the gate, when a page is rendered for them, then it has no gate', async () => {
    const page = await renderPage('/how-ratings-work', 'https://solescore.test', {
      ageVerified: true,
    });

    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<dialog');
    expect(page.html).not.toContain('Before you continue');
  });

  it('given the home page, when rendered, then this week’s top three are in its HTML', async () => {
    serve({
      '/api/home/summary': {
        top: [
          { ...post, rank: 1 },
          { ...post, id: 'p2', username: 'SecondSole', rank: 2 },
        ],
        weeklyPostCount: 2,
        weeklyVoteCount: 5,
      },
    });

    const page = await renderPage('/', 'https://solescore.test', { ageVerified: true });

    expect(page.html).toContain('This week’s top three');
    expect(page.html).toContain('aria-label="#2: 7.1/10 by SecondSole"');
    expect(page.html).not.toContain('Loading this week’s top posts');
  });

  it('given the legal pages, when rendered, then they are not behind the gate', async () => {
    const page = await renderPage('/termsofservice', 'https://solescore.test');

    expect(page.status).toBe(200);
    expect(page.html).toContain('Terms of Service');
    expect(page.html).not.toContain('<dialog');
  });

  it('given the page on how ratings work, when rendered, then its sections are in the HTML for the offline note to link', async () => {
    const page = await renderPage('/how-ratings-work', 'https://solescore.test');

    expect(page.status).toBe(200);
    expect(page.html).toContain('How ratings work</h1>');
    expect(page.html).toContain('id="offline-rating"');
  });

  it('given a read that fails with a server error, when rendered, then the render throws (the page goes unrendered)', async () => {
    answerReadsWith(async () => ({ status: 500, body: JSON.stringify({ message: 'down' }) }));

    await expect(renderPage(`/user/${ID}`, 'https://solescore.test')).rejects.toThrow(/500/);
  });
});
