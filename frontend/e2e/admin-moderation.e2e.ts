import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launchBrowser, makePhoto, VIEWPORTS } from './support/browser';
import {
  captureVariants,
  focusReaches,
  newPage,
  skipGate,
  uniqueEmail,
  verifiedMemberPage,
} from './support/pages';
import { publishRatedPhoto } from './support/posts';

/**
 * The back office's post page moderates (Approve, Hide/Show, Remove with the reason dialog), its
 * lists become cards on a phone, the audit log reads "field: old → new", and the dashboard's
 * counts say what they count.
 */
const baseUrl = inject('baseUrl');
const admin = inject('admin');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new member with a verified email, signed in on a page of their own. */
const memberPage = (label: string, password: string) =>
  verifiedMemberPage(browser, baseUrl, uniqueEmail(label), password);

/** Signs the context in as the test's admin. */
async function signInAdmin(context: BrowserContext) {
  const login = await context.request.post('/api/rtm-sys/login', {
    data: { username: admin.username, password: admin.password },
  });
  expect(login.status()).toBe(200);
}

/** A post of a new member's, rated and published through the api: its id. */
async function memberPost(seed: number): Promise<string> {
  const member = await memberPage('moderated', 'moderated member password');
  const id = await publishRatedPhoto(member.context.request, seed);
  await member.context.close();
  return id;
}

/** Answers the reason dialog the action opened. */
async function giveReason(page: Page, title: string, confirm: string, reason: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('a removal reaches its author', () => {
  it('removes a reported post from the Reports page; its author sees it removed, and its photo is gone', async () => {
    const member = await memberPage('removed', 'removed member password');
    const reporter = await memberPage('reporter', 'reporting member password');
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      const rated = await member.context.request.post('/api/upload', {
        multipart: {
          image: { name: 'feet.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(91) },
        },
      });
      expect(rated.status()).toBe(200);
      const rating = (await rated.json()) as { imageUrl: string };
      const published = await member.context.request.post('/api/posts/publish', { data: rating });
      expect(published.status()).toBe(201);
      const { id: postId } = (await published.json()) as { id: string };
      const reported = await reporter.context.request.post(`/api/posts/${postId}/report`, {
        data: { category: 'not_feet', reason: 'A removal test' },
      });
      expect(reported.status()).toBe(201);

      await signInAdmin(context);
      await page.goto('/rtm-sys/reports');
      const row = page.getByRole('row').filter({ hasText: 'A removal test' });
      await row.getByRole('button', { name: 'Remove' }).waitFor();
      await captureVariants(page, 'admin-reports-remove');
      await row.getByRole('button', { name: 'Remove' }).click();
      await giveReason(page, 'Remove post', 'Remove', 'Not a photo of feet');
      // Settled with the removal: the pending list no longer holds it.
      await row.waitFor({ state: 'detached' });

      expect((await reporter.context.request.get(rating.imageUrl)).status()).toBe(404);
      await skipGate(member.page);
      await member.page.goto('/my-posts');
      const card = member.page.getByRole('article', { name: /removed by a moderator/ });
      await card.getByText('Reason: Not a photo of feet').waitFor();
      await member.page
        .getByText('0 posts on the leaderboard. 1 removed by a moderator.')
        .waitFor();
      expect(await card.getByRole('link').count()).toBe(0);
      await captureVariants(member.page, 'my-posts-removed');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await member.context.close();
      await reporter.context.close();
    }
  });
});

describe('a post that goes takes its reports and its boost with it', () => {
  it('closes the reports of a deleted post and ends the boost of a removed one, as the back office shows', async () => {
    const member = await memberPage('gone', 'gone member password');
    const reporter = await memberPage('gone-reporter', 'gone reporter password');
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      const deleted = await publishRatedPhoto(member.context.request, 96);
      const removed = await publishRatedPhoto(member.context.request, 97);
      const reported = await reporter.context.request.post(`/api/posts/${deleted}/report`, {
        data: { category: 'not_feet', reason: 'Deleted before a moderator looked' },
      });
      expect(reported.status()).toBe(201);
      const checkout = await member.context.request.post(`/api/posts/${removed}/boost`, {
        data: { boostType: 'regular' },
      });
      const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
      const paid = await member.context.request.post(`${new URL(checkoutUrl).pathname}/pay`, {
        maxRedirects: 0,
      });
      expect(paid.status()).toBe(303);

      expect((await member.context.request.delete(`/api/user/posts/${deleted}`)).status()).toBe(
        200,
      );
      await signInAdmin(context);
      const removal = await context.request.delete(`/api/rtm-sys/posts/${removed}`, {
        data: { reason: 'Not a photo of feet' },
      });
      expect(removal.status()).toBe(200);

      // The report is closed, not left pending: reviewed, with why, its post gone.
      await page.goto('/rtm-sys/reports?status=reviewed');
      const row = page.getByRole('row').filter({ hasText: 'Deleted before a moderator looked' });
      await row.getByText('Post deleted by its author').waitFor();
      await row.getByText('Gone').waitFor();
      await captureVariants(page, 'admin-reports-deleted-post');

      // The boost ended with the removal.
      await page.goto(`/rtm-sys/boosts?user=${member.user.id}`);
      const boost = page.getByRole('row').filter({ hasText: removed.slice(0, 8) });
      await boost.getByText('Expired', { exact: true }).waitFor();
      await captureVariants(page, 'admin-boosts-removed-post');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await member.context.close();
      await reporter.context.close();
    }
  });
});

describe('a ban reaches the votes', () => {
  it('takes a banned member’s like off the post from the Users page, and the lift gives it back', async () => {
    const postId = await memberPost(98);
    const voter = await memberPage('banned-voter', 'banned voter password');
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    const visitor = await newPage(browser, baseUrl, VIEWPORTS.phone);
    try {
      expect((await voter.context.request.post(`/api/posts/${postId}/like`)).status()).toBe(200);
      await skipGate(visitor.page);
      const likes = (count: string) =>
        visitor.page.getByRole('button', { name: `Like this post, ${count}` }).waitFor();
      await visitor.page.goto(`/post/${postId}`);
      await likes('1 like');

      await signInAdmin(context);
      await page.goto(`/rtm-sys/users?search=${encodeURIComponent(voter.email)}`);
      const row = page.getByRole('row').filter({ hasText: voter.email });
      await row.getByRole('button', { name: 'Ban' }).click();
      await giveReason(page, 'Ban user', 'Ban', 'Vote ring');
      await row.getByText('Banned', { exact: true }).waitFor();
      await visitor.page.reload();
      await likes('0 likes');

      await row.getByRole('button', { name: 'Lift' }).click();
      const lift = page.getByRole('dialog', { name: 'Lift restriction' });
      await lift.getByRole('button', { name: 'Lift', exact: true }).click();
      await lift.waitFor({ state: 'detached' });
      await row.getByText('Active', { exact: true }).waitFor();
      await visitor.page.reload();
      await likes('1 like');
      expect(errors).toEqual([]);
      expect(visitor.errors).toEqual([]);
    } finally {
      await context.close();
      await visitor.context.close();
      await voter.context.close();
    }
  });
});

describe('the back office', () => {
  it('moderates a post from its page, shows the audit as readable lines and works on a phone', async () => {
    const postId = await memberPost(82);
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      await signInAdmin(context);

      // The dashboard's counts say what they count.
      await page.goto('/rtm-sys/posts');
      const dashboard = page.getByRole('navigation', { name: 'Dashboard' });
      await dashboard.getByText(/^\d+ pending review$/).waitFor();
      await dashboard.getByText(/^\d+ accounts?$/).waitFor();

      // On a phone each row is a card, its actions within the screen's width.
      await page.setViewportSize(VIEWPORTS.phone);
      const approve = page.getByRole('button', { name: 'Approve' }).first();
      await approve.waitFor();
      const box = (await approve.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.phone.width,
      );
      await captureVariants(page, 'admin-posts-cards', ['phone']);
      await page.setViewportSize(VIEWPORTS.desktop);

      await page.goto(`/rtm-sys/post/${postId}`);
      const actions = page.getByRole('group', { name: 'Moderation' });
      await actions.getByRole('button', { name: 'Approve' }).waitFor();
      await page.locator('article img').evaluate((img) => (img as HTMLImageElement).decode());
      await captureVariants(page, 'admin-post-page');

      await actions.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Approved · Public').waitFor();
      expect(await actions.getByRole('button', { name: 'Approve' }).count()).toBe(0);

      await actions.getByRole('button', { name: 'Hide' }).click();
      await giveReason(page, 'Hide post', 'Hide', 'Checked by the e2e test');
      await page.getByText('Approved · Hidden').waitFor();
      await actions.getByRole('button', { name: 'Show' }).click();
      await giveReason(page, 'Show post', 'Show', '');
      await page.getByText('Approved · Public').waitFor();

      // Remove asks for its reason first.
      await actions.getByRole('button', { name: 'Remove' }).click();
      const remove = page.getByRole('dialog', { name: 'Remove post' });
      await remove.getByRole('button', { name: 'Remove', exact: true }).click();
      expect(await remove.isVisible()).toBe(true);
      await giveReason(page, 'Remove post', 'Remove', 'Not feet');
      await page.getByText('Removed: Not feet').waitFor();
      expect(await page.getByRole('group', { name: 'Moderation' }).count()).toBe(0);

      // The audit log of the post reads as lines, not JSON.
      await page.goto(`/rtm-sys/audit?target=${postId}`);
      const hidden = page
        .getByRole('row')
        .filter({ has: page.getByText('PostVisibilityChanged', { exact: true }) })
        .filter({ hasText: 'Checked by the e2e test' });
      await hidden.waitFor();
      expect(await hidden.getByRole('listitem').allTextContents()).toContainEqual(
        expect.stringMatching(/^Public: yes →.* no$/),
      );
      const approved = page
        .getByRole('row')
        .filter({ has: page.getByText('PostApproved', { exact: true }) });
      expect(await approved.getByRole('listitem').allTextContents()).toContainEqual(
        expect.stringMatching(/^Review: pending →.* approved$/),
      );
      expect(await page.getByText(/\{"/).count()).toBe(0);
      await captureVariants(page, 'admin-audit-lines');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('clearing a member’s profile', () => {
  it('opens the clear-profile dialog from the users page, refuses an empty choice, and clears the ticked fields', async () => {
    const member = await memberPage('cleared', 'cleared member password');
    const name = `Cleared_${Date.now() % 1_000_000}`;
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      const edited = await member.context.request.patch('/api/user/profile', {
        data: {
          displayUsername: name,
          bio: 'Soles, arches and sand between the toes: a long bio that has to wrap on a phone without pushing the dialog wider than the screen.',
          socialLinks: {
            instagram: '@a.very.long.instagram.handle.for.wrapping',
            tiktok: '@soles',
          },
        },
      });
      expect(edited.status()).toBe(200);
      await signInAdmin(context);

      await page.goto(`/rtm-sys/users?search=${encodeURIComponent(name)}`);
      const open = page.getByRole('button', { name: `Clear profile fields of ${name}` });
      await open.click();
      const dialog = page.getByRole('dialog', { name: `Clear profile of ${name}` });
      await dialog.getByRole('checkbox', { name: /^Bio/ }).waitFor();
      await captureVariants(page, 'admin-clear-profile-dialog');

      // Every control is reached with Tab, in order, and the focus stays in the dialog.
      const focusable = [
        dialog.getByRole('checkbox', { name: /^Display name/ }),
        dialog.getByRole('checkbox', { name: /^Bio/ }),
        dialog.getByRole('checkbox', { name: /^Instagram/ }),
        dialog.getByRole('checkbox', { name: /^TikTok/ }),
        dialog.getByLabel('Reason'),
        dialog.getByRole('button', { name: 'Cancel' }),
        dialog.getByRole('button', { name: 'Clear selected' }),
        dialog.getByRole('button', { name: 'Close' }),
      ];
      await focusable[0].focus();
      for (const next of focusable.slice(1)) {
        await page.keyboard.press('Tab');
        expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
      }
      await page.keyboard.press('Tab');
      expect(await focusable[0].evaluate((el) => el === document.activeElement)).toBe(true);
      // The keyboard's focus is drawn around the box it is on.
      await captureVariants(page, 'admin-clear-profile-focus', ['phone']);

      await dialog.getByRole('button', { name: 'Clear selected' }).click();
      await dialog.getByText('Please choose a field to clear').waitFor();
      await captureVariants(page, 'admin-clear-profile-error');

      // Escape closes it and gives the focus back to the button that opened it.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await focusReaches(open);

      await open.click();
      await dialog.getByRole('checkbox', { name: /^Bio/ }).check();
      await dialog.getByRole('checkbox', { name: /^Instagram/ }).check();
      await dialog.getByLabel('Reason').fill('Advertising in the bio');
      await dialog.getByRole('button', { name: 'Clear selected' }).click();
      await dialog.waitFor({ state: 'detached' });

      const profile = (await (
        await context.request.get(`/api/users/${member.user.id}`)
      ).json()) as { user: { bio: string | null; socialLinks: Record<string, string | null> } };
      expect(profile.user.bio ?? null).toBeNull();
      expect(profile.user.socialLinks?.instagram ?? null).toBeNull();
      expect(profile.user.socialLinks?.tiktok).toBe('@soles');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await member.context.close();
    }
  });
});
