import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launchBrowser, makePhoto, VIEWPORTS } from './support/browser';
import {
  captureVariants,
  skipGate,
  uniqueEmail,
  verifiedMemberPage,
  type Device,
} from './support/pages';

const baseUrl = inject('baseUrl');
const PASSWORD = 'counts password 1';
/** This file's photos (see makePhoto: seeds no other test uses). */
const PHOTO_SEEDS: Record<Device, number> = { desktop: 6001, phone: 6002 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function member(label: string, device: Device) {
  const opened = await verifiedMemberPage(
    browser,
    baseUrl,
    uniqueEmail(label),
    PASSWORD,
    VIEWPORTS[device],
  );
  await skipGate(opened.page);
  return opened;
}

/** The counts a card of the post shows (its screen-reader words: "1 like", "0 comments"). */
const cardOf = (page: Page, postId: string) => page.locator(`a[href="/post/${postId}"]`).first();

/** Marks the document, so a test can tell that no page load came since. */
const markDocument = (page: Page) =>
  page.evaluate(() => document.documentElement.setAttribute('data-no-reload', 'yes'));
const sameDocument = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-no-reload') === 'yes');

describe.each(['desktop', 'phone'] as Device[])('counts across views on a %s', (device) => {
  it('given a post on the board and its author’s profile, when a member likes and comments on its page, then going back shows the new counts on both cards without a reload', async () => {
    const author = await member(`e2e.counts.author.${device}`, device);
    const reader = await member(`e2e.counts.reader.${device}`, device);
    try {
      const published = await author.context.request.post('/api/posts/publish-direct', {
        multipart: {
          image: {
            name: 'feet.jpg',
            mimeType: 'image/jpeg',
            buffer: await makePhoto(PHOTO_SEEDS[device]),
          },
        },
      });
      expect(published.status()).toBe(201);
      const postId = ((await published.json()) as { id: string }).id;
      const { page, errors } = reader;

      // The board is read once, with the post at 0 likes and 0 comments.
      await page.goto('/leaderboard');
      const boardCard = cardOf(page, postId);
      await boardCard.filter({ hasText: /0 likes.*0 comments/ }).waitFor();
      await markDocument(page);

      // Its page, then its author's profile (read once too), then its page again.
      await boardCard.click();
      await page.getByRole('button', { name: 'Like this post, 0 likes' }).waitFor();
      await page.getByRole('link', { name: author.user.anonymousUsername, exact: true }).click();
      await page.waitForURL(`**/user/${author.user.id}`);
      const profileCard = cardOf(page, postId);
      await profileCard.filter({ hasText: /0 likes.*0 comments/ }).waitFor();
      await profileCard.click();

      // From here on the board and the profile are not read again: the counts come from the cache.
      const readsAgain: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/api/posts' || pathname.startsWith('/api/users/')) {
          readsAgain.push(pathname);
        }
      });
      await page.getByRole('button', { name: 'Like this post, 0 likes' }).click();
      await page.getByRole('button', { name: 'Unlike this post, 1 like' }).waitFor();
      await page.getByLabel('Add a comment').fill('Counted everywhere');
      await page.getByRole('button', { name: 'Comment', exact: true }).click();
      // The thread's count, not the text (the box keeps it as its default value until sent).
      await page.getByRole('heading', { name: /^Comments\s*\(1\)$/ }).waitFor();

      // Back on the profile and on the board: the cards show the new counts, from the cache.
      await page.goBack();
      await page.waitForURL(`**/user/${author.user.id}`);
      await profileCard.filter({ hasText: /1 like.*1 comment/ }).waitFor();
      await page.goBack();
      await page.goBack();
      await page.waitForURL('**/leaderboard');
      await boardCard.filter({ hasText: /1 like.*1 comment/ }).waitFor();
      expect(await sameDocument(page)).toBe(true);
      expect(readsAgain).toEqual([]);
      if (device === 'desktop') {
        await captureVariants(page, 'counts-board');
        // The header's links (typed routes) still navigate in place and mark the page shown.
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Upload' })
          .click();
        await page.getByRole('navigation', { name: 'Footer' }).waitFor();
        expect(await sameDocument(page)).toBe(true);
        await captureVariants(page, 'counts-home-links');
      }
      expect(errors).toEqual([]);
    } finally {
      await author.context.close();
      await reader.context.close();
    }
  });
});

describe('an author on their own post', () => {
  it('likes it and sees the count go to 1, after a reload too', async () => {
    const author = await member('e2e.counts.own', 'phone');
    try {
      const published = await author.context.request.post('/api/posts/publish-direct', {
        multipart: {
          image: { name: 'feet.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(6003) },
        },
      });
      expect(published.status()).toBe(201);
      const postId = ((await published.json()) as { id: string }).id;
      const { page, errors } = author;
      await page.goto(`/post/${postId}`);
      await page.getByRole('button', { name: 'Like this post, 0 likes' }).click();
      await page.getByRole('button', { name: 'Unlike this post, 1 like' }).waitFor();
      // The count the server keeps, not only the one the click showed.
      await page.reload();
      await page.getByRole('button', { name: 'Unlike this post, 1 like' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await author.context.close();
    }
  });
});
