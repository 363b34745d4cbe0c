import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, makePhoto, VIEWPORTS } from './support/browser';
import { E2E_ADMIN, type StartedApp, startBuiltApp } from './support/global-setup';
import {
  captureVariants,
  newPage,
  skipGate,
  uniqueEmail,
  verifiedMemberPage,
} from './support/pages';

const PASSWORD = 'correct horse battery staple';

/**
 * Held posts and refused uploads as people meet them, on an app of their own where every post
 * waits for an admin (`POSTS_REQUIRE_APPROVAL=true`): the photos are plain synthetic ones any
 * gate passes, so a post is held by the setting, and a refusal is a photo too small to check.
 */
let app: StartedApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([
    startBuiltApp({ POSTS_REQUIRE_APPROVAL: 'true' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A desktop page signed in to the back office. */
async function adminPage() {
  const admin = await newPage(browser, app.baseUrl, VIEWPORTS.desktop);
  const signIn = await admin.context.request.post('/api/rtm-sys/login', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  expect(signIn.status()).toBe(200);
  return admin;
}

async function boardIds(): Promise<string[]> {
  const board = (await (await fetch(`${app.baseUrl}/api/posts?limit=100`)).json()) as {
    id: string;
  }[];
  return board.map((post) => post.id);
}

describe('an upload the checks refuse', () => {
  it('shows why on the upload screen, and keeps nothing', async () => {
    const { context, page, errors } = await newPage(browser, app.baseUrl, VIEWPORTS.desktop);
    try {
      await skipGate(page);
      await page.goto('/');
      const tiny = await sharp(await makePhoto(4))
        .resize(200, 150)
        .jpeg()
        .toBuffer();
      await page
        .getByLabel('Choose a photo')
        .setInputFiles({ name: 'tiny.jpg', mimeType: 'image/jpeg', buffer: tiny });
      const message = page
        .getByRole('alert')
        .filter({ hasText: 'This photo is too small to check' })
        .first();
      await message.waitFor();
      expect(await message.textContent()).toContain('at least 256 pixels');
      // The card is ready for another photo, with the reason still shown beside it.
      expect(await page.getByLabel('Choose a photo').getAttribute('aria-invalid')).toBe('true');
      await captureVariants(page, 'upload-refused');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a post held for review', () => {
  it('stays off the boards, is shown to its author with a notice, and goes public once an admin approves it', async () => {
    const author = await verifiedMemberPage(browser, app.baseUrl, uniqueEmail('held'), PASSWORD);
    const { page } = author;
    try {
      await skipGate(page);
      await page.goto('/');
      await page
        .getByLabel('Choose a photo')
        .setInputFiles({ name: 'feet.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(7) });
      const results = page.getByRole('region', { name: 'Your SoleScore' });
      await results.waitFor();
      await results.getByText('When you post this photo, an admin will look at it').waitFor();
      await captureVariants(page, 'results-held');

      await page.getByRole('button', { name: 'Post to Leaderboard' }).click();
      await page.waitForURL(/\/post\/[0-9a-f-]{36}$/);
      const postId = page.url().split('/').at(-1) as string;
      await page.getByText('An admin will look at it before it goes public').waitFor();
      await captureVariants(page, 'post-held');
      expect(await boardIds()).not.toContain(postId);
      expect((await fetch(`${app.baseUrl}/api/posts/${postId}`)).status).toBe(404);

      await page.goto('/my-posts');
      await page.getByText('Waiting for approval').first().waitFor();
      // The heading counts only what is on the boards, and says what waits.
      await page
        .getByText('0 posts on the leaderboard. 1 waiting for approval, shown to you alone.', {
          exact: false,
        })
        .waitFor();
      await captureVariants(page, 'my-posts-held');

      // An admin approves it from the queue.
      const admin = await adminPage();
      try {
        await admin.page.goto('/rtm-sys/held');
        await admin.page.getByRole('heading', { level: 1, name: 'Held posts' }).waitFor();
        const row = admin.page
          .getByRole('row')
          .filter({ has: admin.page.locator(`a[href="/rtm-sys/post/${postId}"]`) });
        await row.getByText('Waiting for approval').waitFor();
        await captureVariants(admin.page, 'admin-held');
        // The gate's scores wait behind a disclosure, opened from the keyboard.
        const scores = row.getByText(/^All \d+ scores from /);
        await scores.focus();
        await admin.page.keyboard.press('Enter');
        await row.locator('details[open] dt').first().waitFor();
        await captureVariants(admin.page, 'admin-held-scores');
        await row.getByRole('button', { name: 'Approve and publish' }).click();
        await admin.page.getByText('No posts are held.').waitFor();
        expect(admin.errors).toEqual([]);
      } finally {
        await admin.context.close();
      }

      expect(await boardIds()).toContain(postId);
      expect((await fetch(`${app.baseUrl}/api/posts/${postId}`)).status).toBe(200);
      await page.goto(`/post/${postId}`);
      await page.getByRole('img', { name: /^Photo posted by/ }).waitFor();
      expect(await page.getByText('An admin will look at it before it goes public').count()).toBe(
        0,
      );
      expect(author.errors).toEqual([]);
    } finally {
      await author.context.close();
    }
  });
});

describe('a copy of another member’s photo', () => {
  it('is held as looking like another post, and a later upload of it is told so without an accusation', async () => {
    const ownerEmail = uniqueEmail('owner');
    const owner = await verifiedMemberPage(browser, app.baseUrl, ownerEmail, PASSWORD);
    const copier = await verifiedMemberPage(browser, app.baseUrl, uniqueEmail('copier'), PASSWORD);
    const photo = await makePhoto(31);
    const rate = async (page: typeof owner.page) => {
      await skipGate(page);
      await page.goto('/');
      await page
        .getByLabel('Choose a photo')
        .setInputFiles({ name: 'feet.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.getByRole('region', { name: 'Your SoleScore' }).waitFor();
    };
    const post = async (page: typeof owner.page) => {
      await page.getByRole('button', { name: 'Post to Leaderboard' }).click();
      await page.waitForURL(/\/post\/[0-9a-f-]{36}$/);
      return page.url().split('/').at(-1) as string;
    };
    try {
      // Rated before anyone posted it, so the upload let it through; publishing holds it.
      await rate(copier.page);
      await rate(owner.page);
      const original = await post(owner.page);
      const copy = await post(copier.page);

      const admin = await adminPage();
      try {
        await admin.page.goto('/rtm-sys/held');
        // A post's own row, by its thumbnail (a held copy's row links to its original too).
        const row = (postId: string) =>
          admin.page
            .getByRole('row')
            .filter({ has: admin.page.locator(`a[href="/rtm-sys/post/${postId}"]:has(img)`) });
        await row(copy).getByText('Looks like another post').waitFor();
        await row(original).getByText('Waiting for approval').waitFor();
        await captureVariants(admin.page, 'admin-held-repost');
        // The copy's row opens the post it looks like, to compare the two.
        await row(copy).getByRole('link', { name: 'Open the other post' }).click();
        await admin.page.waitForURL(`**/rtm-sys/post/${original}`);
        await admin.page.getByText(`(${ownerEmail})`).waitFor();
        await admin.page.goBack();
        await row(copy).getByText('Looks like another post').waitFor();
        // The original goes public: from then on, an upload of its photo is told so.
        await row(original).getByRole('button', { name: 'Approve and publish' }).click();
        await row(original).waitFor({ state: 'detached' });
        expect(admin.errors).toEqual([]);
      } finally {
        await admin.context.close();
      }
      // Only a post the public sees refuses an upload (a refusal would tell a held one exists).
      const visitor = await newPage(browser, app.baseUrl, VIEWPORTS.phone);
      try {
        await skipGate(visitor.page);
        await visitor.page.goto('/');
        await visitor.page
          .getByLabel('Choose a photo')
          .setInputFiles({ name: 'feet.jpg', mimeType: 'image/jpeg', buffer: photo });
        const message = visitor.page
          .getByRole('alert')
          .filter({ hasText: 'This looks like a photo already on SoleScore' })
          .first();
        await message.waitFor();
        expect(await message.textContent()).toContain('report the post that uses it');
        await captureVariants(visitor.page, 'upload-repost-refused');
      } finally {
        await visitor.context.close();
      }

      expect(owner.errors).toEqual([]);
      expect(copier.errors).toEqual([]);
    } finally {
      await owner.context.close();
      await copier.context.close();
    }
  });
});
