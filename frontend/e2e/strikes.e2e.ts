import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launchBrowser, VIEWPORTS } from './support/browser';
import {
  captureVariants,
  newPage,
  skipGate,
  uniqueEmail,
  verifiedMemberPage,
} from './support/pages';
import { publishRatedPhoto } from './support/posts';

const baseUrl = inject('baseUrl');
const admin = inject('admin');
const OFFENSIVE = ['What a fucking mess', 'sh1t feet', 'f u c k this'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Posts a comment through the post page's box, as a member would. */
async function commentOnPage(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.fill(text);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  return box;
}

describe('filtered comments and strikes', () => {
  it('shows a refused comment’s reason with the text kept, then the suspension banner, and an admin lifts it', async () => {
    const member = await verifiedMemberPage(
      browser,
      baseUrl,
      uniqueEmail('e2e.strikes'),
      'strikes password 1',
    );
    const { page, context } = member;
    const adminPage = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      const postId = await publishRatedPhoto(context.request, 61);

      await skipGate(page);
      await page.goto(`/post/${postId}`);
      const box = await commentOnPage(page, OFFENSIVE[0]);
      const refusal = page.getByRole('alert').filter({ hasText: 'Your comment was not posted' });
      await refusal.waitFor();
      expect(await box.inputValue()).toBe(OFFENSIVE[0]);
      await captureVariants(page, 'comment-refused');

      for (const text of OFFENSIVE.slice(1)) {
        await commentOnPage(page, text);
        await page.getByRole('alert').filter({ hasText: 'Your comment was not posted' }).waitFor();
      }
      // The strike that completes the set is followed off the log: wait for the suspension.
      await expect
        .poll(
          async () =>
            (
              (await (await context.request.get('/api/user/posting-suspension')).json()) as {
                suspendedUntil: string | null;
              }
            ).suspendedUntil,
          { timeout: 10_000 },
        )
        .not.toBeNull();

      await commentOnPage(page, 'Lovely arches');
      await page.getByRole('alert').filter({ hasText: 'You can post again on' }).waitFor();
      const banner = page.getByRole('status').filter({ hasText: 'You can post again on' });
      await banner.waitFor();
      expect(
        await banner.getByRole('link', { name: 'Read our moderation rules' }).getAttribute('href'),
      ).toBe('/termsofservice#moderation');
      await captureVariants(page, 'posting-suspended');

      const signedIn = await adminPage.context.request.post('/api/rtm-sys/login', {
        data: { username: admin.username, password: admin.password },
      });
      expect(signedIn.status()).toBe(200);
      await adminPage.page.goto(`/rtm-sys/users?search=${encodeURIComponent(member.email)}`);
      await adminPage.page.getByRole('button', { name: 'Strikes' }).click();
      const dialog = adminPage.page.getByRole('dialog');
      await dialog.getByText('Comment refused for offensive words').first().waitFor();
      expect(await dialog.getByText('Comment refused for offensive words').count()).toBe(3);
      await captureVariants(adminPage.page, 'admin-strikes');
      await dialog.getByLabel('Reason for lifting it now').fill('Appeal accepted');
      await dialog.getByRole('button', { name: 'Lift posting suspension' }).click();
      await dialog.getByText('Lifted', { exact: true }).waitFor();
      await captureVariants(adminPage.page, 'admin-strikes-lifted', ['desktop']);

      await page.reload();
      await commentOnPage(page, 'Lovely arches');
      await page.getByText('Lovely arches', { exact: true }).last().waitFor();
      expect(
        await page.getByRole('status').filter({ hasText: 'You can post again on' }).count(),
      ).toBe(0);
    } finally {
      await adminPage.context.close();
      await context.close();
    }
  });
});
