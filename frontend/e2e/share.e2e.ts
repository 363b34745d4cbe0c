import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launchBrowser, SCREENSHOT_DIR, screenshot, VIEWPORTS } from './support/browser';
import { newPage, setTheme, skipGate, uniqueEmail, verifiedMemberPage } from './support/pages';
import { publishRatedPhoto } from './support/posts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'share password 1';
/** This file's photo (see makePhoto: a seed no other test uses). */
const PHOTO_SEED = 8123;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The content of each `<meta property|name=…>` of a page, by name. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, name, content] of html.matchAll(
    /<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g,
  )) {
    tags[name] = content.replace(/&amp;/g, '&');
  }
  return tags;
}

/** Records what the page hands the Web Share API, and says it takes files. */
async function stubWebShare(page: Page) {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { sharedData: shared });
    Object.assign(navigator, {
      canShare: () => true,
      share: async (data: ShareData) => {
        const file = data.files?.[0];
        shared.push({
          text: data.text,
          url: data.url,
          file: file ? { name: file.name, type: file.type, size: file.size } : null,
        });
      },
    });
  });
}

describe('sharing a post', () => {
  let postId: string;
  let owner: Awaited<ReturnType<typeof verifiedMemberPage>>;
  let score: string;

  // Made in the first test that needs it: the mail helpers wait inside a test.
  let ready: Promise<void> | null = null;
  const givenAPost = () =>
    (ready ??= (async () => {
      owner = await verifiedMemberPage(browser, baseUrl, uniqueEmail('sharer'), PASSWORD);
      postId = await publishRatedPhoto(owner.context.request, PHOTO_SEED);
      const post = await owner.context.request.get(`/api/posts/${postId}`);
      score = ((await post.json()) as { averageRating: string }).averageRating;
    })());
  afterAll(async () => {
    await owner?.context.close();
  });

  it('unfurls without JavaScript: its card tags, and a card image of 1200×630', async () => {
    await givenAPost();
    const page = await fetch(`${baseUrl}/post/${postId}`, {
      headers: { 'User-Agent': 'facebookexternalhit/1.1' },
    });
    expect(page.status).toBe(200);
    const tags = metaTags(await page.text());
    expect(tags['og:title']).toMatch(new RegExp(`^${score.replace('.', '\\.')}/10 on SoleScore: `));
    expect(tags['twitter:card']).toBe('summary_large_image');
    const image = await fetch(
      new URL(new URL(tags['og:image']!).pathname + new URL(tags['og:image']!).search, baseUrl),
    );
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const card = Buffer.from(await image.arrayBuffer());
    expect(await sharp(card).metadata()).toMatchObject({ width: 1200, height: 630 });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(join(SCREENSHOT_DIR, 'share-card.png'), await sharp(card).png().toBuffer());
    // The app's own title, once it runs, is the one the server sent.
    const { page: tab, context } = await newPage(browser, baseUrl);
    await skipGate(tab);
    await tab.goto(`/post/${postId}`);
    await tab.getByRole('button', { name: 'Share' }).waitFor();
    expect(await tab.title()).toBe(
      /<title>([^<]*)<\/title>/
        .exec(await (await fetch(`${baseUrl}/post/${postId}`)).text())?.[1]
        ?.replace(/&amp;/g, '&'),
    );
    await context.close();
  });

  it('answers a path that is no page, and a missing post, with 404 and the app’s own page', async () => {
    const { page, context } = await newPage(browser, baseUrl, VIEWPORTS.phone);
    try {
      await skipGate(page);
      const unknown = await page.goto('/no-such-page');
      expect(unknown?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'We couldn’t find that page' }).waitFor();
      expect(await page.title()).toBe('Page not found – SoleScore');
      await screenshot(page, 'not-found-phone');
      const missing = await page.goto('/post/no-such-post');
      expect(missing?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Post not found' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("offers the owner's text in the links menu on a computer", async () => {
    await givenAPost();
    await skipGate(owner.page);
    await owner.page.goto(`/post/${postId}`);
    await owner.page.getByRole('button', { name: 'Share' }).click();
    const x = owner.page.getByRole('menuitem', { name: /^X/ });
    const text = new URL((await x.getAttribute('href'))!).searchParams.get('text');
    expect(text).toBe(`Check out my ${score}/10 rating...`);
  });

  it("shares 'this' rating with the card through the phone's share sheet", async () => {
    await givenAPost();
    const visitor = await newPage(browser, baseUrl, VIEWPORTS.phone, {
      hasTouch: true,
      isMobile: true,
    });
    await skipGate(visitor.page);
    await stubWebShare(visitor.page);
    await visitor.page.goto(`/post/${postId}`);
    const share = visitor.page.getByRole('button', { name: 'Share' });
    await visitor.page.locator('[data-share-card="ready"]').waitFor();
    await share.tap();
    await visitor.page.waitForFunction(
      () => (window as unknown as { sharedData: unknown[] }).sharedData.length === 1,
    );
    const [shared] = await visitor.page.evaluate(
      () => (window as unknown as { sharedData: unknown[] }).sharedData,
    );
    expect(shared).toEqual({
      text: `Check out this ${score}/10 rating...`,
      url: `${baseUrl}/post/${postId}`,
      file: { name: `solescore-${postId}.jpg`, type: 'image/jpeg', size: expect.any(Number) },
    });
    expect((shared as { file: { size: number } }).file.size).toBeGreaterThan(10_000);
    expect(await visitor.page.getByRole('menu').count()).toBe(0);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });

  it.each(['light', 'dark'] as const)(
    'shows the share menu at 390 px in the %s theme',
    async (theme) => {
      const { page, context, errors } = await newPage(browser, baseUrl, VIEWPORTS.phone);
      await skipGate(page);
      await page.goto(`/post/${postId}`);
      // The header (and its theme toggle) is drawn with the post: switch once it is there.
      const share = page.getByRole('button', { name: 'Share' });
      await share.waitFor();
      await setTheme(page, theme);
      await share.click();
      await page.getByRole('menuitem', { name: 'Copy link' }).waitFor();
      await screenshot(page, `share-menu-${theme}-phone`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
