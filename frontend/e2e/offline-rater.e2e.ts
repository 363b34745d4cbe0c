import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, makePhoto, VIEWPORTS } from './support/browser';
import {
  captureVariants,
  newPage,
  skipGate,
  uniqueEmail,
  verifiedMemberPage,
} from './support/pages';

const baseUrl = inject('baseUrl');
/**
 * This file's photo: a seed no other test uses (a photo another test posted is a look-alike, and
 * its upload is answered differently).
 */
const PHOTO_SEED = 5131;
const NOTE =
  'Offline rating: this server scores the photo (sharpness, light, framing), not the feet';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the offline rater, as the screens tell it', () => {
  it('says beside the score, after the upload and on the post, that it scores the photo, not the feet', async () => {
    const member = await verifiedMemberPage(
      browser,
      baseUrl,
      uniqueEmail('e2e.offline'),
      'correct horse battery staple',
    );
    const { page, errors } = member;
    try {
      await skipGate(page);
      await page.goto('/');
      await page.getByLabel('Choose a photo').setInputFiles({
        name: 'feet.jpg',
        mimeType: 'image/jpeg',
        buffer: await makePhoto(PHOTO_SEED),
      });
      const results = page.getByRole('region', { name: 'Your SoleScore' });
      await results.getByText(NOTE).waitFor();
      expect(await results.getByText(NOTE).count()).toBe(1);
      // The comment says what it measured, with a figure.
      expect(await results.getByText(/\d+(\/100|%)/).count()).toBeGreaterThan(0);
      // Each category says what the photo was measured on for it.
      expect(await results.getByText('Measured from focus and colour').count()).toBe(1);
      await captureVariants(page, 'offline-rating-result');

      await page.getByRole('button', { name: 'Post to Leaderboard' }).click();
      await page.waitForURL(/\/post\/[^/]+$/);
      const aiCard = page.getByRole('heading', { name: /^AI rating/ }).locator('xpath=..');
      await aiCard.getByText(NOTE).waitFor();
      const categories = page.getByRole('list', { name: 'Category scores' });
      expect(await categories.getByText('Measured from framing and focus').count()).toBe(1);
      await captureVariants(page, 'offline-rating-post');

      // The note links to what an offline rating is.
      await aiCard.getByRole('link', { name: 'How it works' }).click();
      await page.waitForURL(/\/how-ratings-work#offline-rating$/);
      const section = page.getByRole('heading', { name: 'Offline rating', level: 2 });
      await section.waitFor();
      expect(await section.isVisible()).toBe(true);
      await page.getByRole('heading', { name: 'How ratings work', level: 1 }).waitFor();
      await captureVariants(page, 'how-ratings-work');
      expect(errors).toEqual([]);
    } finally {
      await member.context.close();
    }
  });

  it('refuses an image with no picture in it, saying it does not look like a photo', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      await skipGate(page);
      await page.goto('/');
      const grey = await sharp({
        create: { width: 600, height: 600, channels: 3, background: '#808080' },
      })
        .jpeg()
        .toBuffer();
      await page
        .getByLabel('Choose a photo')
        .setInputFiles({ name: 'grey.jpg', mimeType: 'image/jpeg', buffer: grey });
      const alert = page
        .getByRole('alert')
        .filter({ hasText: "This doesn't look like a photo" })
        .first();
      await alert.waitFor();
      expect(await page.getByRole('region', { name: 'Your SoleScore' }).count()).toBe(0);
      await captureVariants(page, 'upload-no-picture');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
