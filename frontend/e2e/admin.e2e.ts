import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { advanceUntil, holdClock } from './support/clock';
import { captureVariants, newPage } from './support/pages';

const baseUrl = inject('baseUrl');
const admin = inject('admin');
const ADMIN_PAGES = [
  'Posts',
  'Comments',
  'Reports',
  'Boosts',
  'Users',
  'Admins',
  'Payments',
  'Statistics',
  'Audit log',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe('the hidden admin sign-in', () => {
  it('is not named anywhere in the built frontend', () => {
    const dist = resolve(import.meta.dirname, '../dist');
    const files = readdirSync(join(dist, 'assets')).map((name) => join(dist, 'assets', name));
    for (const file of [join(dist, 'index.html'), ...files]) {
      expect(readFileSync(file, 'utf8'), file).not.toContain(admin.loginPath);
    }
  });

  it('is served with its marker only at ADMIN_LOGIN_PATH', async () => {
    const marked = await (await fetch(`${baseUrl}${admin.loginPath}`)).text();
    expect(marked).toContain('<meta name="admin-login" content="true" />');
    const plain = await (await fetch(`${baseUrl}/rtm-sys`)).text();
    expect(plain).not.toContain('admin-login');
    const entry = await fetch(`${baseUrl}/api/rtm-sys/entry`, { redirect: 'manual' });
    expect(entry.status).toBe(302);
    expect(entry.headers.get('location')).toBe(admin.loginPath);
  });
});

describe('an admin', () => {
  it('reaches the sign-in through /rtm-sys, signs in, uses the admin layout and logs out', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      // No admin session: /rtm-sys goes through the server's entry to the hidden page.
      await page.goto('/rtm-sys');
      await page.waitForURL(`${baseUrl}${admin.loginPath}`);
      await page.getByRole('heading', { level: 1, name: 'Admin Sign In' }).waitFor();
      // The age gate does not cover the admin area, nor does the public header show.
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

      const signIn = page.getByRole('button', { name: 'Sign In' });
      await signIn.click();
      await page.getByText('Username is required').waitFor();
      await page.getByText('Password is required').waitFor();
      await captureVariants(page, 'admin-login');

      // Toasts go after 5 s, and the admin area opens 100 ms after 'Login successful': each is
      // looked for with the page's clock held from before the click.
      await page.getByLabel('Username').fill(admin.username);
      await page.getByLabel('Password').fill('not the admin password');
      await holdClock(page);
      await signIn.click();
      await advanceUntil(page, toast(page, 'Invalid credentials'));
      await page.clock.resume();

      await page.getByLabel('Password').fill(admin.password);
      await holdClock(page);
      await signIn.click();
      await advanceUntil(page, toast(page, 'Login successful'));
      await page.clock.resume();
      await page.waitForURL('**/rtm-sys/posts');
      await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
      // The posts queue opens on 'Pending Review', with the dashboard tabs and their counts.
      await page.getByLabel('Show').waitFor();
      expect(await page.getByLabel('Show').inputValue()).toBe('pending');
      const dashboard = page.getByRole('navigation', { name: 'Dashboard' });
      for (const tab of ['Posts', 'Reports', 'Boosts', 'Users']) {
        await dashboard.getByRole('link', { name: new RegExp(`^${tab}`) }).waitFor();
      }
      await page.getByRole('table', { name: 'Posts' }).waitFor();
      await captureVariants(page, 'admin-posts');
      const nav = page.getByRole('navigation', { name: 'Admin' });
      for (const name of ADMIN_PAGES) {
        expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(1);
      }
      expect(await page.getByTestId('admin-username').first().textContent()).toBe(admin.username);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await captureVariants(page, 'admin-layout', ['desktop']);

      await nav.getByRole('link', { name: 'Users', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      await page.getByRole('table', { name: 'Users' }).waitFor();
      await captureVariants(page, 'admin-users');
      // Filters live in the address.
      await page.getByLabel('Status').selectOption('banned');
      await page.waitForURL('**/rtm-sys/users?status=banned');

      for (const [name, heading, file] of [
        ['Reports', 'Reports', 'admin-reports'],
        ['Comments', 'Comments', 'admin-comments'],
        ['Admins', 'Admins', 'admin-admins'],
        ['Audit log', 'Audit log', 'admin-audit'],
      ] as const) {
        await nav.getByRole('link', { name, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByRole('table', { name: heading }).waitFor();
        await captureVariants(page, file);
      }
      await page
        .getByRole('table', { name: 'Audit log' })
        .getByText('AdminSignedIn')
        .first()
        .waitFor();
      await nav.getByRole('link', { name: 'Statistics', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'Activity' }).waitFor();
      await page.locator('.recharts-surface').first().waitFor();
      await captureVariants(page, 'admin-statistics');
      await nav.getByRole('link', { name: 'Users', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe(
        'page',
      );

      // With a session, /rtm-sys goes straight to the posts page.
      await page.goto('/rtm-sys');
      await page.waitForURL('**/rtm-sys/posts');
      await page.goto('/rtm-sys/post/some-post');
      await page.getByRole('link', { name: 'Back to admin' }).waitFor();
      await page.getByText('Admin view: this post is read-only here.').waitFor();
      await page.getByText('Post not found').waitFor();

      // On a phone the sidebar is a drawer.
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto('/rtm-sys/posts');
      await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
      await captureVariants(page, 'admin-layout-drawer-closed', ['phone']);
      await page.getByRole('button', { name: 'Open admin menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Admin menu' });
      await drawer.waitFor();
      // Photographed with its slide-in run to the end (see screenshot()), however far it got.
      await captureVariants(page, 'admin-layout-drawer', ['phone']);
      await drawer.getByRole('link', { name: 'Reports', exact: true }).click();
      await drawer.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();

      // Logout ends the session and lands on the sign-in page again.
      await page.getByRole('button', { name: 'Open admin menu' }).click();
      await page
        .getByRole('dialog', { name: 'Admin menu' })
        .getByRole('button', { name: 'Logout' })
        .click();
      await page.waitForURL(`${baseUrl}${admin.loginPath}`);
      await page.getByRole('heading', { level: 1, name: 'Admin Sign In' }).waitFor();
      expect((await page.request.get('/api/rtm-sys/me')).status()).toBe(401);

      // Admin pages now send the browser to sign in.
      await page.goto('/rtm-sys/users');
      await page.waitForURL(`${baseUrl}${admin.loginPath}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
