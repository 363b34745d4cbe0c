import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, makePhoto, screenshot, VIEWPORTS } from './support/browser';
import { type StartedApp, startBuiltApp } from './support/global-setup';
import {
  newPage,
  skipGate,
  uniqueEmail,
  verifiedMemberPage as signedInMember,
} from './support/pages';

/**
 * Boosts and donations through the local checkout, on an app of its own whose clock the test
 * may move on (TEST_CLOCK): a boost's seven days pass without moving every other test's time.
 */
const PASSWORD = 'payments password 1';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

let app: StartedApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startBuiltApp({ TEST_CLOCK: 'true' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A verified account signed in on a context of its own, past the gate. */
async function verifiedMemberPage(label: string): Promise<{ page: Page; context: BrowserContext }> {
  const opened = await signedInMember(browser, app.baseUrl, uniqueEmail(label), PASSWORD);
  await skipGate(opened.page);
  return opened;
}

/** Rates a photo and posts it, through the api of the signed-in context; answers the post id. */
async function postPhoto(context: BrowserContext, seed: number): Promise<string> {
  const rated = await context.request.post('/api/upload', {
    multipart: {
      image: { name: 'feet.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(seed) },
    },
  });
  expect(rated.status()).toBe(200);
  const published = await context.request.post('/api/posts/publish', { data: await rated.json() });
  expect(published.status()).toBe(201);
  return ((await published.json()) as { id: string }).id;
}

/** The one toast on screen (Radix also keeps a screen-reader copy, hence `first`). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** The first card of the general board, newest first. */
const firstCard = (page: Page) => page.locator('main a[href^="/post/"]').first();

describe('payments through the local checkout', () => {
  it('buys a mega boost, applies it, features the post until its seven days are over', async () => {
    const { page } = await verifiedMemberPage('buyer');
    const boostedPostId = await postPhoto(page.context(), 11);
    // Someone else posts later: without the boost theirs would lead the recent board.
    const other = await verifiedMemberPage('other');
    await postPhoto(other.context, 12);
    await other.context.close();

    await page.goto('/boost');
    await page.getByRole('button', { name: 'Buy Mega Boost – $9.99' }).click();
    await page.waitForURL(/\/checkout\//);
    await expect.poll(() => page.getByText('Mega Boost — 7 days').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Pay $9.99' }).click();

    // Back from the checkout: the purchase is confirmed, then the leaderboard.
    await page.waitForURL(/\/leaderboard/);
    await toast(page, 'Boost Purchased!').waitFor();
    const badge = page.getByRole('button', { name: '1 Unused Boost' });
    await badge.waitFor();
    expect(await badge.getAttribute('data-boost-type')).toBe('mega');
    await screenshot(page, 'payments-unused-boost');

    await page.goto(`/post/${boostedPostId}`);
    await page.getByRole('button', { name: 'Apply Boost' }).click();
    const apply = page.getByRole('dialog', { name: 'Boost this post?' });
    await apply.getByRole('button', { name: 'Apply Mega Boost' }).click();
    await page.getByText('MEGA BOOST', { exact: true }).first().waitFor();
    // Applied: no more unused boosts, and no boost buttons while it runs.
    await badge.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Apply Boost' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Boost Post' }).count()).toBe(0);
    await screenshot(page, 'payments-boosted-post');

    await page.goto('/leaderboard');
    await expect.poll(() => firstCard(page).getAttribute('href')).toBe(`/post/${boostedPostId}`);
    await firstCard(page).getByText('Mega Boost', { exact: true }).waitFor();

    // Seven days and a minute later the boost has run out: the newer post leads again.
    const moved = await fetch(`${app.baseUrl}/api/dev/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceMs: WEEK_MS + 60_000 }),
    });
    expect(moved.status).toBe(200);
    await page.reload();
    await expect
      .poll(() => firstCard(page).getAttribute('href'))
      .not.toBe(`/post/${boostedPostId}`);
    expect(await page.getByText('Mega Boost', { exact: true }).count()).toBe(0);

    await page.goto(`/post/${boostedPostId}`);
    await page.getByRole('button', { name: 'Boost Post' }).waitFor();
    expect(await page.getByText('MEGA BOOST', { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('takes a donation from a visitor and thanks them', async () => {
    const { page, context } = await newPage(browser, app.baseUrl, VIEWPORTS.phone);
    await skipGate(page);
    await page.goto('/boost');
    await page.getByRole('button', { name: 'Donate $5', exact: true }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('button', { name: 'Pay $5.00' }).click();

    const thanks = page.getByRole('dialog', { name: 'Thank You!' });
    await thanks.waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/boost');
    await screenshot(page, 'payments-thank-you');
    await context.close();
  });

  it('says the payment was cancelled and charges nothing', async () => {
    const { page, context } = await newPage(browser, app.baseUrl, VIEWPORTS.desktop);
    await skipGate(page);
    await page.goto('/boost');
    await page.getByRole('button', { name: 'Donate $10', exact: true }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await toast(page, 'Payment Cancelled').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await context.close();
  });
});
