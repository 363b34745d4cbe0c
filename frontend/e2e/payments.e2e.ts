import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot, VIEWPORTS } from './support/browser';
import { type StartedApp, startBuiltApp } from './support/global-setup';
import { holdNextRequest } from './support/hold';
import {
  captureVariants,
  newPage,
  skipGate,
  uniqueEmail,
  verifiedMemberPage as signedInMember,
} from './support/pages';
import { publishRatedPhoto } from './support/posts';

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

/** The one toast on screen (Radix also keeps a screen-reader copy, hence `first`). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/**
 * Screenshots of an open dialog in both themes at 390 px and 1280 px: the theme is set on the
 * page directly, as the modal keeps the header's toggle out of reach.
 */
async function captureDialogVariants(page: Page, name: string) {
  for (const device of ['phone', 'desktop'] as const) {
    await page.setViewportSize(VIEWPORTS[device]);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(
        (dark) => document.documentElement.classList.toggle('dark', dark),
        theme === 'dark',
      );
      await screenshot(page, `${name}-${theme}-${device}`);
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

/** The first card of the general board, newest first. */
const firstCard = (page: Page) => page.locator('main a[href^="/post/"]').first();

describe('payments through the local checkout', () => {
  it('buys a mega boost, applies it, features the post until its seven days are over', async () => {
    const { page } = await verifiedMemberPage('buyer');
    const boostedPostId = await publishRatedPhoto(page.request, 11);
    // Someone else posts later: without the boost theirs would lead the recent board.
    const other = await verifiedMemberPage('other');
    await publishRatedPhoto(other.context.request, 12);
    await other.context.close();

    await page.goto('/boost');
    await page.getByRole('button', { name: 'Buy Mega Boost – $9.99' }).click();
    await page.waitForURL(/\/checkout\//);
    await expect.poll(() => page.getByText('Mega Boost — 7 days').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Pay $9.99' }).click();

    // Back from the checkout: the post is asked for at once; the purchase's toast waits until
    // that dialog closes (toasts never cover an open dialog).
    const choose = page.getByRole('dialog', { name: 'Choose a post to boost' });
    await choose.getByRole('list', { name: 'Your posts' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/boost');
    await captureDialogVariants(page, 'payments-choose-post');
    // Not now: the boost waits in the header, whose dialog applies it.
    expect(await toast(page, 'Boost Purchased!').count()).toBe(0);
    await choose.getByRole('button', { name: 'Close' }).click();
    await choose.waitFor({ state: 'detached' });
    await toast(page, 'Boost Purchased!').waitFor();
    const badge = page.getByRole('button', { name: '1 Unused Boost' });
    await badge.waitFor();
    expect(await badge.getAttribute('data-boost-type')).toBe('mega');
    await screenshot(page, 'payments-unused-boost');

    await badge.click();
    const unused = page.getByRole('dialog', { name: 'Your Unused Boosts' });
    const posts = unused.getByRole('list', { name: 'Your posts' });
    await posts.waitFor();
    expect(await posts.getByRole('listitem').count()).toBe(1);
    await posts.getByRole('button', { name: /^Apply Mega Boost to your post of / }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/post/${boostedPostId}`);
    await toast(page, 'Boost Applied!').waitFor();
    await page.getByText('MEGA BOOST', { exact: true }).first().waitFor();
    // Applied: no more unused boosts, and no boost buttons while it runs.
    await badge.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Apply Boost' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Boost Post' }).count()).toBe(0);
    await screenshot(page, 'payments-boosted-post');

    await page.goto('/leaderboard');
    await expect.poll(() => firstCard(page).getAttribute('href')).toBe(`/post/${boostedPostId}`);
    await firstCard(page).getByText('Mega Boost', { exact: true }).waitFor();

    // The author's public profile shows the boosted post's score beside its badge.
    const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
    await page.goto(`/user/${me.id}`);
    const card = page.locator(`main a[href="/post/${boostedPostId}"]`);
    await card.getByText('Mega Boost', { exact: true }).waitFor();
    expect(await card.getByText(/^\d+\.\d out of 10$/).count()).toBe(1);
    await captureVariants(page, 'profile-boosted-score');
    await page.goto('/leaderboard');
    await expect.poll(() => firstCard(page).getAttribute('href')).toBe(`/post/${boostedPostId}`);

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

  it("lists the member's boosts and donations in account settings, with receipts", async () => {
    const { page } = await verifiedMemberPage('purchases');
    await page.goto('/account/settings');
    const section = page.getByRole('region', { name: 'Purchases' });
    await section.getByText('No purchases yet.', { exact: false }).waitFor();

    for (const [path, data, pay] of [
      ['/api/boost/checkout', { boostType: 'regular' }, 'Pay $1.99'],
      ['/api/donations/checkout', { amount: 1250 }, 'Pay $12.50'],
    ] as const) {
      const checkout = await page.context().request.post(path, { data });
      expect(checkout.status()).toBe(200);
      await page.goto(((await checkout.json()) as { url: string }).url);
      await page.getByRole('button', { name: pay }).click();
      await page.waitForURL(/\/boost\?session_id=/);
      await page.waitForURL((url) => url.search === '');
    }

    await page.goto('/account/settings');
    const rows = section.getByRole('list', { name: 'Purchases' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toMatch(/^Donation \$12\.50.*Received, thank you/);
    expect(await rows.nth(1).textContent()).toMatch(/^Regular Boost \$1\.99.*Unused/);
    const receipt = rows.nth(1).getByRole('link', { name: /^Receipt for the regular boost of / });
    expect(await receipt.getAttribute('href')).toMatch(/\/receipts\/rcpt_[A-Za-z0-9_-]{22}$/);
    expect(await receipt.getAttribute('target')).toBe('_blank');
    await section.scrollIntoViewIfNeeded();
    await captureVariants(page, 'payments-purchases');
    await page.context().close();
  });

  it('given an anonymous visitor, when they choose an amount, Donate and pay, then the thank-you links their receipt', async () => {
    const { page, context } = await newPage(browser, app.baseUrl, VIEWPORTS.phone);
    await skipGate(page);
    await page.goto('/boost');
    const amounts = page.getByRole('group', { name: 'Choose an amount' });
    await amounts.getByRole('radio', { name: '$10', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => amounts.getByRole('radio', { name: '$20', exact: true }).isChecked())
      .toBe(true);
    expect(page.url()).toMatch(/\/boost$/);
    const section = page.getByRole('region', { name: 'Support SoleScore' });
    await section.scrollIntoViewIfNeeded();
    await captureVariants(page, 'payments-donation-choose');
    await page.getByRole('button', { name: 'Donate $20', exact: true }).click();
    await page.waitForURL(/\/checkout\//);
    await serverPageVariants(page, 'payments-test-checkout');
    await page.getByRole('button', { name: 'Pay $20.00' }).click();

    const thanks = page.getByRole('dialog', { name: 'Thank You!' });
    await thanks.waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/boost');
    const receiptLink = thanks.getByRole('link', { name: 'View receipt (opens in a new tab)' });
    const receiptUrl = await receiptLink.getAttribute('href');
    expect(receiptUrl).toMatch(/\/receipts\/[\w-]{16,}$/);
    await captureVariants(page, 'payments-thank-you');

    const receipt = await context.newPage();
    await receipt.goto(receiptUrl!);
    await receipt.getByRole('heading', { name: /^Receipt / }).waitFor();
    expect(await receipt.getByRole('cell', { name: '$20.00 USD' }).count()).toBe(2);
    await serverPageVariants(receipt, 'payments-receipt');
    await context.close();
  });

  it("says a cancelled boost's checkout was 'Boost Cancelled' and charges nothing", async () => {
    const { page } = await verifiedMemberPage('canceller');
    await page.goto('/boost');
    await page.getByRole('button', { name: 'Buy Regular Boost – $1.99' }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await toast(page, 'Boost Cancelled').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await page.getByRole('button', { name: /Unused Boost/ }).count()).toBe(0);
    await page.context().close();
  });

  it('keeps Boost highlighted while a return is confirmed, and the custom amount empty', async () => {
    const { page, context } = await newPage(browser, app.baseUrl, VIEWPORTS.desktop);
    await skipGate(page);
    // The confirmation is held until the page has been looked at.
    const confirmation = await holdNextRequest(page, '**/api/checkout/confirm');
    await page.goto('/boost?session_id=cs_local_notpaidyet&type=donation');
    await confirmation.held;
    await page.getByText('Confirming your payment…').waitFor();
    const current = page.locator('header nav [aria-current="page"]:visible');
    await expect.poll(() => current.allTextContents()).toEqual(['Boost']);
    const custom = page.getByLabel('Custom amount (USD)');
    expect(await custom.inputValue()).toBe('');
    expect(await custom.getAttribute('placeholder')).toBeNull();
    await captureVariants(page, 'payments-confirming');
    confirmation.release();
    await toast(page, 'Payment Not Completed').waitFor();
    await context.close();
  });

  it('says the payment was cancelled and charges nothing', async () => {
    const { page, context } = await newPage(browser, app.baseUrl, VIEWPORTS.desktop);
    await skipGate(page);
    await page.goto('/boost');
    await page.getByRole('button', { name: 'Donate $10', exact: true }).click(); // $10 is chosen first
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await toast(page, 'Payment Cancelled').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await context.close();
  });
});

/** The server-rendered pages follow the system's colour scheme, not the app's theme switch. */
async function serverPageVariants(page: Page, name: string) {
  const original = page.viewportSize();
  for (const device of ['phone', 'desktop'] as const) {
    await page.setViewportSize(VIEWPORTS[device]);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await screenshot(page, `${name}-${colorScheme}-${device}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}
