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

describe('the account menu on a phone', () => {
  it('names who is signed in and signs out from the menu', async () => {
    const email = uniqueEmail('e2e.phone-logout');
    const user = await registerByApi(baseUrl, email, PASSWORD);
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.phone);
    try {
      await skipGate(page);
      const res = await context.request.post('/api/auth/login', {
        data: { email, password: PASSWORD },
      });
      expect(res.status()).toBe(200);
      await page.goto('/leaderboard');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Main' }).last();
      await menu.getByText(`Signed in as ${user.anonymousUsername}`).waitFor();
      await menu.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: 'Login' }).waitFor();
      expect((await context.request.get('/api/auth/me')).status()).toBe(401);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// The router's default not-found and error pages are loaded only when first shown.
describe('the pages the router falls back to', () => {
  it('shows the not-found page at an unknown address, with a way home', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.phone);
    try {
      await skipGate(page);
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: 'We couldn’t find that page' }).waitFor();
      await expect.poll(() => page.title()).toBe('Page not found – SoleScore');
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the error page when a page’s data fails, and Try again loads it', async () => {
    const email = uniqueEmail('e2e.route-error');
    await registerByApi(baseUrl, email, PASSWORD);
    const { context, page } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      await skipGate(page);
      const res = await context.request.post('/api/auth/login', {
        data: { email, password: PASSWORD },
      });
      expect(res.status()).toBe(200);
      // The profile settings' loader reads GET /api/user: make it fail once.
      let failed = 0;
      await page.route('**/api/user', (route) => {
        if (failed > 0) return route.continue();
        failed += 1;
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Internal server error' }),
        });
      });
      await page.goto('/profile/settings');
      const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
      expect(failed).toBe(1);
    } finally {
      await context.close();
    }
  });
});
