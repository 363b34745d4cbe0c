import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launchBrowser, VIEWPORTS } from './support/browser';
import { advanceUntil, holdClock } from './support/clock';
import { captureVariants, focusReaches, newPage, skipGate, uniqueEmail } from './support/pages';
import { publishRatedPhoto } from './support/posts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'privacy password 1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The one toast on screen (Radix also keeps a screen-reader copy, hence `first`). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Registers in the page's context (signing it in) and publishes one rated photo. */
async function memberWithAPost(page: Page, email: string): Promise<string> {
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  return publishRatedPhoto(page.request, 7);
}

describe('personal data in account settings', () => {
  it('downloads the account’s data, then erases the account with its password', async () => {
    const { page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    const email = uniqueEmail('e2e.erase');
    try {
      await skipGate(page);
      const postId = await memberWithAPost(page, email);

      await page.goto('/account/settings');
      const section = page.getByRole('region', { name: 'Your Data' });
      await section.getByRole('heading', { name: 'Download my data' }).waitFor();

      // The copy of the data arrives as a file.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('solescore-export.json');
      const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
        account: { email: string };
        posts: { id: string }[];
      };
      expect(exported.account.email).toBe(email);
      expect(exported.posts.map((post) => post.id)).toEqual([postId]);
      await captureVariants(page, 'account-settings-your-data');

      // The dialog opens from the keyboard and closes with Escape, giving focus back.
      const deleteButton = section.getByRole('button', { name: 'Delete account' });
      await deleteButton.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      const password = dialog.getByLabel('Password');
      await focusReaches(password);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await focusReaches(deleteButton);

      // No password, then a wrong one: told so in the dialog, nothing erased.
      await deleteButton.click();
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText('Please enter your password to delete your account').waitFor();
      await password.fill('not my password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText('Password is incorrect').waitFor();
      await captureVariants(page, 'delete-account-dialog');
      expect((await page.request.get('/api/auth/me')).status()).toBe(200);

      // The right password: signed out, home, with a confirmation that stays for its 5 s.
      await password.fill(PASSWORD);
      await holdClock(page);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await advanceUntil(page, toast(page, 'Account deleted'));
      await captureVariants(page, 'account-deleted', ['desktop']);
      await page.clock.resume();
      await page.getByRole('link', { name: 'Login' }).first().waitFor();

      // Nothing of the account is left to sign in to or to see.
      expect((await page.request.get('/api/auth/me')).status()).toBe(401);
      const signIn = await page.request.post('/api/auth/login', {
        data: { email, password: PASSWORD },
      });
      expect(signIn.status()).toBe(401);
      expect((await page.request.get(`/api/posts/${postId}`)).status()).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
