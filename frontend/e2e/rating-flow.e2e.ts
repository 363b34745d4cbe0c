import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, makePhoto, screenshot, VIEWPORTS } from './support/browser';
import { holdNextRequest } from './support/hold';
import { focusReaches, newPage as openPage, passGate, uniqueEmail } from './support/pages';

const baseUrl = inject('baseUrl');
const PASSWORD = 'correct horse battery staple';
const LABELS = /^(LEGENDARY|EXCELLENT|GREAT|GOOD|AVERAGE|BELOW AVERAGE|NEEDS WORK)$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newPage = (viewport: { width: number; height: number }) =>
  openPage(browser, baseUrl, viewport);

async function uploadPhoto(page: Page, photo: Buffer, name = 'feet.jpg', mimeType = 'image/jpeg') {
  await page.getByLabel('Choose a photo').setInputFiles({ name, mimeType, buffer: photo });
}

describe.each([
  ['light', 'phone'],
  ['light', 'desktop'],
  ['dark', 'phone'],
  ['dark', 'desktop'],
] as const)('a visitor in the %s theme on a %s', (theme, device) => {
  it('passes the gate, uploads a photo and sees the rating', async () => {
    const { context, page, errors } = await newPage(VIEWPORTS[device]);
    try {
      await page.goto('/');
      await passGate(page);

      if (theme === 'dark') {
        await page.getByRole('button', { name: 'Switch to dark theme' }).first().click();
      }
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      );
      // This week's live part loads after the first paint: its counts line shows once it has.
      await page
        .getByRole('region', { name: 'This week’s top three' })
        .getByText(/posts? and \d+ votes? this week$/)
        .waitFor();
      await screenshot(page, `home-${theme}-${device}`);

      // The rating is held at the network until the progress view has been seen.
      const rating = await holdNextRequest(page, (url) => url.pathname === '/api/upload');
      await uploadPhoto(page, await makePhoto(device === 'phone' ? 2 : 3));
      await page.getByRole('status').filter({ hasText: 'Analyzing your photo…' }).waitFor();
      await page.waitForFunction(() => {
        const preview = document.querySelector<HTMLImageElement>(
          'img[alt="The photo being processed"]',
        );
        return preview !== null && preview.complete && preview.naturalWidth > 0;
      });
      await screenshot(page, `upload-progress-${theme}-${device}`);
      rating.release();
      const results = page.getByRole('region', { name: 'Your SoleScore' });
      await results.waitFor();
      await results.getByText(LABELS).waitFor();
      // Where the score stands this week, and where it would rank if posted now: a rank only
      // once the week has enough rated posts for one to mean something.
      const standing = results.getByTestId('weekly-standing');
      await standing.waitFor();
      const place = standing.getByText(
        /^(Better than \d+% of this week’s feet|The first post this week|Only \d+ rated posts? this week so far|Not above any of this week’s \d+ rated posts? yet)$/,
      );
      expect(await place.count()).toBe(1);
      const fewPosts = /^(The first post|Only )/.test(await place.innerText());
      expect(await standing.getByText(/ this week if you post it now$/).count()).toBe(
        fewPosts ? 0 : 1,
      );
      expect(await results.getByText(LABELS).count()).toBe(1);
      for (const category of ['Toe Alignment', 'Toe Nails', 'Foot Shape', 'Aesthetic']) {
        expect(await results.getByText(category, { exact: true }).count()).toBeGreaterThan(0);
      }
      expect(
        await results
          .getByText('Offline rating: this server scores the photo', { exact: false })
          .count(),
      ).toBe(1);
      for (const action of ['Post to Leaderboard', 'Upload Another', 'View Leaderboard']) {
        expect(
          await page
            .getByRole('button', { name: action })
            .or(page.getByRole('link', { name: action }))
            .count(),
        ).toBeGreaterThan(0);
      }
      const image = results.getByRole('img', { name: 'Your rated photo' });
      // Resolves once the photo has loaded and decoded (rejects if it cannot).
      await image.evaluate((img: HTMLImageElement) => img.decode());
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await screenshot(page, `results-${theme}-${device}`);

      // The gate and the theme are remembered, and so is the rating (its upload lives a day).
      await page.reload();
      await page.getByRole('region', { name: 'Your SoleScore' }).getByText(LABELS).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBe('true');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      );

      // Upload Another brings the chooser back into view, focused, wherever the page was.
      await page.getByRole('button', { name: 'Upload Another' }).click();
      const chooser = page.getByLabel('Choose a photo');
      await focusReaches(chooser);
      const card = page.getByText('Choose a photo', { exact: true });
      const box = (await card.boundingBox())!;
      expect(box.y).toBeGreaterThan(0);
      expect(box.y + box.height).toBeLessThan(page.viewportSize()!.height);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a visitor', () => {
  it('who reloads keeps the rating, posts it after registering, and only they can post it', async () => {
    const { context, page, errors } = await newPage(VIEWPORTS.desktop);
    const thief = await newPage(VIEWPORTS.desktop);
    try {
      await page.goto('/');
      await passGate(page);
      await uploadPhoto(page, await makePhoto(9));
      await page.getByRole('button', { name: 'Post to Leaderboard' }).waitFor();

      // A reload shows the same result again: it is kept for its upload's 24 hours.
      await page.reload();
      await page.getByRole('button', { name: 'Post to Leaderboard' }).click();
      await page.waitForURL('**/register');
      const saved = await page.evaluate(() => localStorage.getItem('savedRating'));
      const entry = JSON.parse(saved ?? '{}') as { rating: Record<string, unknown> };
      const rating = entry.rating;
      const score = Number(rating.averageRating).toFixed(1);
      const banner = page.getByRole('region', { name: 'Your rating waiting to be posted' });
      expect(await banner.textContent()).toBe(`Your ${score} will be posted as soon as you join.`);
      await banner.getByRole('img', { name: `Your photo, rated ${score} out of 10` }).waitFor();
      expect(Object.keys(rating).sort()).toEqual(
        [
          'aesthetic',
          'aiComment',
          'averageRating',
          'footShape',
          'imageHash',
          'imageUrl',
          'publishKey',
          'toeAlignment',
          'toeNails',
        ].sort(),
      );

      // Someone else signed in, who learns the photo's address and scores, cannot post it.
      const registered = await thief.context.request.post('/api/auth/register', {
        data: { email: uniqueEmail('e2e.thief'), password: PASSWORD },
      });
      expect(registered.status()).toBe(201);
      const { publishKey: _secret, ...learnt } = rating;
      const stolen = await thief.context.request.post('/api/posts/publish', { data: learnt });
      expect(stolen.status()).toBe(403);

      // The visitor registers: the saved rating, key and all, is posted as theirs.
      await page.getByLabel('Email').fill(uniqueEmail('e2e.uploader'));
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(/\/post\/[^/]+$/);
      await page.getByText('This is your post.').waitFor();
      // Just posted: the page offers to share it, and the flag leaves the address.
      await page.getByRole('heading', { name: 'Share your score' }).waitFor();
      await page.waitForURL(/\/post\/[^/?]+$/);
      expect(await page.evaluate(() => localStorage.getItem('savedRating'))).toBeNull();
      const postId = /\/post\/([^/]+)$/.exec(page.url())?.[1];
      expect(await page.evaluate(() => localStorage.getItem('lastPostId'))).toBe(postId);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([context.close(), thief.context.close()]);
    }
  });

  it('who uploads a text file renamed .jpg sees the server refuse it', async () => {
    const { context, page } = await newPage(VIEWPORTS.desktop);
    try {
      await page.goto('/');
      await passGate(page);
      await uploadPhoto(page, Buffer.from('not a photo at all\n'.repeat(20)));
      // Said once, by the upload control: no toast repeats it.
      const refusal = page.getByRole('alert').filter({ hasText: 'Upload Failed' });
      await refusal.getByText('Please upload an image file').waitFor();
      expect(await page.getByText('Please upload an image file').count()).toBe(1);
      expect(
        await page
          .getByRole('region', { name: /Notifications/ })
          .locator('li')
          .count(),
      ).toBe(0);
      await screenshot(page, 'upload-failed-light-desktop');
    } finally {
      await context.close();
    }
  });

  it('can read both legal pages before accepting the gate', async () => {
    const { context, page } = await newPage(VIEWPORTS.phone);
    try {
      await page.goto('/termsofservice');
      await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByLabel('Terms of Service text').locator('h2').count()).toBe(19);
      expect(await page.title()).toContain('Terms of Service');
      expect(await page.locator('link[rel=canonical]').getAttribute('href')).toMatch(
        /\/termsofservice$/,
      );
      await screenshot(page, 'terms-light-phone');

      await page.goto('/privacypolicy');
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      expect(await page.getByLabel('Privacy Policy text').locator('h2').count()).toBe(14);
      expect(
        await page.getByRole('table', { name: 'Third parties we share information with' }).count(),
      ).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('sees the 404 page at an unknown path', async () => {
    const { context, page } = await newPage(VIEWPORTS.desktop);
    try {
      await page.goto('/');
      await passGate(page);
      await page.goto('/no-such-page');
      await page
        .getByText(/not found|404/i)
        .first()
        .waitFor();
      await screenshot(page, 'not-found-light-desktop');
    } finally {
      await context.close();
    }
  });
});
