import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launchBrowser, screenshot, VIEWPORTS } from './support/browser';
import {
  captureVariants,
  newPage,
  passGate,
  skipGate,
  uniqueEmail,
  verifiedMemberPage,
} from './support/pages';
import { publishRatedPhoto } from './support/posts';

const baseUrl = inject('baseUrl');
const admin = inject('admin');
/** This file's photo (see makePhoto: a seed no other test uses). */
const PHOTO_SEED = 8419;

let browser: Browser;
let seeded: Promise<string> | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});

/** A member's post, published once for the file (inside a test: the mail is polled for). */
function aPost(): Promise<string> {
  seeded ??= (async () => {
    const author = await verifiedMemberPage(browser, baseUrl, uniqueEmail('ssr'), 'ssr pass 1');
    const id = await publishRatedPhoto(author.context.request, PHOTO_SEED);
    await author.context.close();
    return id;
  })();
  return seeded;
}
afterAll(async () => {
  await browser?.close();
});

describe('server-rendered public pages', () => {
  it('given a post, when a visitor opens it, then its photo and rating are in the HTML, and the page hydrates without asking the api for them again', async () => {
    const postId = await aPost();
    const { page, context } = await newPage(browser, baseUrl, VIEWPORTS.phone);
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });

    const response = await page.goto(`/post/${postId}`);
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/<img src="\/uploads\/[^"]+" alt="[^"]*" fetchPriority="high"/);
    expect(html).toContain(
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"ImageObject"',
    );
    expect(html).toMatch(/<dialog[^>]*open=""/);
    await passGate(page);
    await page.getByRole('button', { name: /like/i }).first().waitFor();

    expect(asked).not.toContain(`/api/posts/${postId}`);
    expect(asked).not.toContain(`/api/posts/${postId}/comments`);
    await screenshot(page, 'ssr-post-phone');
    await context.close();
  });

  it('given a visitor who confirmed the gate before, when a server-rendered page loads, then the gate never shows', async () => {
    const { page, context } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    await skipGate(page);
    let gateSeen = false;
    await page.exposeFunction('gateShown', () => {
      gateSeen = true;
    });
    // Watches the page from its first paint on: a visible gate would be reported. The page's
    // clock is fake (see installClock), and so is its requestAnimationFrame, a timer that fires
    // before anything is painted too; the browser paints nothing before the head's stylesheet
    // has loaded, so a look counts once the stylesheet is there.
    await page.addInitScript(() => {
      const look = () => {
        const gate = document.querySelector('#root > dialog');
        const painted = document.styleSheets.length > 0;
        if (gate && painted && getComputedStyle(gate).display !== 'none') {
          void (window as unknown as { gateShown(): Promise<void> }).gateShown();
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });

    await page.goto('/leaderboard?sort=top');
    await page.waitForFunction(() => !document.querySelector('#root > dialog'));

    expect(gateSeen).toBe(false);
    await context.close();
  });

  it('given an author, when their hidden post loads (a visitor’s not-found on the server), then it shows them their post, with no error', async () => {
    const author = await verifiedMemberPage(
      browser,
      baseUrl,
      uniqueEmail('ssr-hidden'),
      'ssr pass 4',
    );
    const postId = await publishRatedPhoto(author.context.request, PHOTO_SEED + 1);
    const moderator = await browser.newContext({ baseURL: baseUrl });
    try {
      const login = await moderator.request.post('/api/rtm-sys/login', {
        data: { username: admin.username, password: admin.password },
      });
      expect(login.status()).toBe(200);
      const hide = await moderator.request.patch(`/api/rtm-sys/posts/${postId}`, {
        data: { isPublic: false, reason: 'Checked by the e2e test' },
      });
      expect(hide.status()).toBe(200);

      await skipGate(author.page);
      const response = await author.page.goto(`/post/${postId}`);
      expect(response?.status()).toBe(404);
      await author.page.getByRole('link', { name: /comments?: go to comments$/ }).waitFor();
      expect(await author.page.getByText('Post not found').count()).toBe(0);
      // A hidden post can take no boost: none is offered.
      expect(await author.page.getByRole('button', { name: 'Boost Post' }).count()).toBe(0);
      await captureVariants(author.page, 'post-hidden-author');
      // My Posts counts it as hidden, not as on the leaderboard.
      await author.page.goto('/my-posts');
      await author.page
        .getByText('0 posts on the leaderboard. 1 hidden, shown to you alone.')
        .waitFor();
      await captureVariants(author.page, 'my-posts-hidden');
      expect(author.errors).toEqual([]);
    } finally {
      await moderator.close();
      await author.context.close();
    }
  });

  it('given a browser running no script, when a visitor passes the gate by its form, then the home page’s top three, the board, a post with its thread and a profile read', async () => {
    const postId = await aPost();
    const commenter = await verifiedMemberPage(
      browser,
      baseUrl,
      uniqueEmail('ssr-noscript'),
      'ssr pass 5',
    );
    const comment = await commenter.context.request.post(`/api/posts/${postId}/comments`, {
      data: { text: 'Read without a script' },
    });
    expect(comment.status()).toBe(201);
    await commenter.context.close();
    for (const [viewport, name] of [
      [VIEWPORTS.phone, 'phone'],
      [VIEWPORTS.desktop, 'desktop'],
    ] as const) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport,
        javaScriptEnabled: false,
      });
      try {
        const page = await context.newPage();
        await page.goto(`/post/${postId}`);
        const gate = page.getByRole('dialog');
        await gate.getByText('Before you continue, please confirm the following').waitFor();
        await screenshot(page, `noscript-gate-${name}`);
        await gate.getByLabel("I'm 18+ years old.").check();
        await gate
          .getByLabel(
            "I'll post only photos of my own feet, with no faces, people, or identifiable features.",
          )
          .check();
        await gate.getByRole('button', { name: 'Continue to Site' }).click();
        // Back on the post, drawn without the gate: its photo, its rating and its thread.
        await page.waitForURL(`**/post/${postId}`);
        expect(await page.locator('dialog').count()).toBe(0);
        await page.getByText('Read without a script').waitFor();
        await page
          .getByText(/^AI rating · /)
          .first()
          .waitFor();
        await screenshot(page, `noscript-post-${name}`);

        await page.locator('main a[href^="/user/"]').first().click();
        await page.waitForURL('**/user/**');
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.locator('dialog').count()).toBe(0);
        await screenshot(page, `noscript-profile-${name}`);

        await page.goto('/leaderboard');
        expect(await page.locator('main a[href^="/post/"]').count()).toBeGreaterThan(0);
        await screenshot(page, `noscript-board-${name}`);

        const home = await page.goto('/');
        const html = (await home?.text()) ?? '';
        expect(html).not.toContain('Loading this week’s top posts');
        expect(await page.locator('#home-this-week-title + p + ol li').count()).toBeGreaterThan(0);
        await screenshot(page, `noscript-home-${name}`);
        expect(await page.locator('.noscript-note').textContent()).toContain(
          'Without JavaScript you can read SoleScore.',
        );
      } finally {
        await context.close();
      }
    }
  });

  it('given a browser without JavaScript whose system prefers dark, when a page loads, then it is drawn dark; with a light system, light', async () => {
    const backgrounds: string[] = [];
    for (const colorScheme of ['dark', 'light'] as const) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: VIEWPORTS.phone,
        javaScriptEnabled: false,
        colorScheme,
      });
      try {
        const page = await context.newPage();
        await page.goto('/leaderboard');
        await page.locator('main a[href^="/post/"]').first().waitFor();
        await screenshot(page, `noscript-board-${colorScheme}-system`);
        backgrounds.push(
          await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
        );
      } finally {
        await context.close();
      }
    }
    // The tokens' --background: #0c0a09 dark, #fafaf9 light.
    expect(backgrounds).toEqual(['rgb(12, 10, 9)', 'rgb(250, 250, 249)']);
  });

  it('given a member, when a server-rendered page loads, then it shows them signed in once hydrated', async () => {
    expect(await loginLinksOnceHydrated(await aPost(), 'ssr-member', 'ssr password 2')).toBe(0);
  });

  it('given a member whose clock is behind the server’s, when a server-rendered page loads, then it still shows them signed in', async () => {
    expect(
      await loginLinksOnceHydrated(await aPost(), 'ssr-behind', 'ssr password 3', 10 * 60_000),
    ).toBe(0);
  });
});

/**
 * A new member opens the post's server-rendered page, their page's clock `behindMs` behind the
 * server's: the Login links left once their header shows My Posts.
 */
async function loginLinksOnceHydrated(
  postId: string,
  label: string,
  password: string,
  behindMs = 0,
): Promise<number> {
  const member = await verifiedMemberPage(browser, baseUrl, uniqueEmail(label), password);
  await skipGate(member.page);
  if (behindMs) await member.page.clock.setSystemTime(Date.now() - behindMs);

  await member.page.goto(`/post/${postId}`);

  await member.page.getByRole('link', { name: 'My Posts' }).first().waitFor();
  const loginLinks = await member.page.getByRole('link', { name: 'Login' }).count();
  await member.context.close();
  return loginLinks;
}
