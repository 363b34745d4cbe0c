import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { captureVariants, newPage, registerByApi, skipGate, uniqueEmail } from './support/pages';

const baseUrl = inject('baseUrl');
const PASSWORD = 'sessions password 1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signed-in browsers in account settings', () => {
  it('lists both browsers of the account and signs the other one out', async () => {
    const email = uniqueEmail('e2e.sessions');
    await registerByApi(baseUrl, email, PASSWORD);
    const laptop = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    const phone = await newPage(browser, baseUrl, VIEWPORTS.phone);
    try {
      for (const { context, page } of [laptop, phone]) {
        await skipGate(page);
        const res = await context.request.post('/api/auth/login', {
          data: { email, password: PASSWORD },
        });
        expect(res.status()).toBe(200);
      }
      await phone.page.goto('/account/settings');
      await phone.page.getByRole('heading', { name: 'Account Settings' }).waitFor();

      const page = laptop.page;
      await page.goto('/account/settings');
      const list = page.getByRole('list', { name: 'Signed-in browsers' });
      await list.getByText('This browser').waitFor();
      // Registering started a session too: three in all, one of them this one.
      await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
      await captureVariants(page, 'settings-signed-in-browsers');

      // The two others (the phone and registering's session) are signed out one by one.
      const signOut = list.getByRole('button', { name: /^Sign out/ });
      await expect.poll(() => signOut.count()).toBe(2);
      await signOut.first().click();
      await page.getByText('Browser signed out', { exact: true }).first().waitFor();
      await expect.poll(() => signOut.count()).toBe(1);
      await signOut.first().click();
      await expect.poll(() => signOut.count()).toBe(0);
      await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
      const me = await phone.context.request.get('/api/auth/me');
      expect(me.status()).toBe(401);
      expect(laptop.errors).toEqual([]);
    } finally {
      await Promise.all([laptop.context.close(), phone.context.close()]);
    }
  });
});
