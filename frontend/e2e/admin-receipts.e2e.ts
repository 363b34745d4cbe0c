import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot, VIEWPORTS } from './support/browser';
import { E2E_ADMIN, type StartedApp, startBuiltApp } from './support/global-setup';
import { newPage, uniqueEmail, verifiedMemberPage } from './support/pages';

/**
 * The back office's Receipt button for a boost paid on the local checkout, on an app of its own:
 * it opens the receipt the checkout issued in a new tab.
 */
let app: StartedApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startBuiltApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('a boost’s receipt in the back office', () => {
  it('opens the local checkout’s receipt from the Receipt button: number, date, item and amount', async () => {
    const buyer = await verifiedMemberPage(
      browser,
      app.baseUrl,
      uniqueEmail('receipt'),
      'receipt member password',
    );
    const { context, page, errors } = await newPage(browser, app.baseUrl, VIEWPORTS.desktop);
    try {
      const checkout = await buyer.context.request.post('/api/boost/checkout', {
        data: { boostType: 'mega' },
      });
      await buyer.page.goto(((await checkout.json()) as { url: string }).url);
      await buyer.page.getByRole('button', { name: 'Pay $9.99' }).click();
      await buyer.page.waitForURL(/\/boost\?session_id=/);

      const login = await context.request.post('/api/rtm-sys/login', {
        data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
      });
      expect(login.status()).toBe(200);
      await page.goto('/rtm-sys/boosts');
      const row = page
        .getByRole('row')
        .filter({ hasText: buyer.email })
        .filter({ has: page.getByRole('button', { name: /^Receipt/ }) });
      const opened = context.waitForEvent('page');
      await row.getByRole('button', { name: /^Receipt/ }).click();
      const receipt = await opened;
      const receiptErrors: string[] = [];
      receipt.on('pageerror', (error) => receiptErrors.push(error.message));
      await receipt.waitForURL(/\/receipts\/rcpt_[A-Za-z0-9_-]{22}$/);
      const heading = receipt.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.textContent()).toMatch(/^Receipt \d{4}-\d{4}-\d{4}$/);
      const number = (await heading.textContent())!.replace('Receipt ', '');
      const body = (await receipt.locator('main').textContent()) ?? '';
      expect(body).toContain(number);
      expect(body).toContain('Mega Boost — 7 days');
      expect(body).toContain('$9.99 USD');
      const today = new Date().toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(body).toContain(today);
      await screenshot(receipt, 'admin-boost-receipt-desktop');
      await receipt.setViewportSize(VIEWPORTS.phone);
      await screenshot(receipt, 'admin-boost-receipt-phone');
      await receipt.emulateMedia({ media: 'print' });
      // The printed copy leaves out the hint about printing it.
      expect(await receipt.getByText('To keep a copy').isVisible()).toBe(false);
      await screenshot(receipt, 'admin-boost-receipt-print');
      expect(receiptErrors).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await buyer.context.close();
    }
  });
});
