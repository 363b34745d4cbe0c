import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser';
import { blockAppScripts, captureVariants, newPage, skipGate } from './support/pages';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('the upload card', () => {
  it('refuses a file over 10 MB and an image too small to judge before sending anything', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/upload')) uploads.push(request.url());
    });
    try {
      await skipGate(page);
      await page.goto('/');
      const input = page.getByLabel('Choose a photo');
      const alert = page.getByRole('alert').filter({ hasText: /MB|too small/ });

      // 10 MB and one byte: a JPEG's start, then padding (never decoded: the size refuses it).
      const big = Buffer.alloc(10 * 1024 * 1024 + 1);
      big.set([0xff, 0xd8, 0xff, 0xe0]);
      await input.setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: big });
      await alert
        .getByText('Images must be 10 MB or smaller. Please choose a smaller photo.')
        .waitFor();
      await captureVariants(page, 'upload-too-large');

      const tiny = await sharp({
        create: { width: 40, height: 40, channels: 3, background: '#d9a080' },
      })
        .jpeg()
        .toBuffer();
      await input.setInputFiles({ name: 'tiny.jpg', mimeType: 'image/jpeg', buffer: tiny });
      await alert
        .getByText(
          'This photo is too small to check. Please upload a photo at least 256 pixels on its shorter side.',
        )
        .waitFor();
      await captureVariants(page, 'upload-too-small');
      expect(uploads).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the theme', () => {
  it('follows the system live until the user picks one', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.phone);
    try {
      await skipGate(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/');
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      expect(await isDark(page)).toBe(true);
      await screenshot(page, 'theme-system-dark-phone');
      await page.setViewportSize(VIEWPORTS.desktop);
      await screenshot(page, 'theme-system-dark-desktop');

      await page.emulateMedia({ colorScheme: 'light' });
      await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));

      // Picked: kept over the system's, also after a reload.
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      expect(await isDark(page)).toBe(false);
      await page.reload();
      await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
      expect(await isDark(page)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is dark before any of the app runs where the system is dark (no flash of light)', async () => {
    const { context, page } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      await page.emulateMedia({ colorScheme: 'dark' });
      // Without the app's scripts only index.html's inline one runs (the CSP guard fails the
      // test if its hash is not allowed).
      await blockAppScripts(page);
      await page.goto('/');
      expect(await isDark(page)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');

      await page.addInitScript(() => window.localStorage.setItem('theme', 'light'));
      await page.reload();
      expect(await isDark(page)).toBe(false);
    } finally {
      await context.close();
    }
  });
});
