import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { join } from 'node:path';
import { launchBrowser, SCREENSHOT_DIR, VIEWPORTS } from './support/browser';
import { captureVariants, focusReaches, newPage } from './support/pages';

const baseUrl = inject('baseUrl');
const admin = inject('admin');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every element wearing a focus ring now: focused, matching :focus-visible, with an outline. */
function focusRings(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(':focus-visible'))
      .filter((element) => getComputedStyle(element).outlineStyle !== 'none')
      .map((element) => element.getAttribute('aria-label') ?? element.tagName),
  );
}

/**
 * The gate in both themes at both sizes, as the screen shows it (its modal covers the header's
 * theme toggle, and a full-page capture would show the page below the fold).
 */
async function captureGate(page: Page) {
  for (const device of ['phone', 'desktop'] as const) {
    await page.setViewportSize(VIEWPORTS[device]);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(
        (dark) => document.documentElement.classList.toggle('dark', dark),
        theme === 'dark',
      );
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `gate-first-paint-${theme}-${device}.png`),
        animations: 'disabled',
      });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize(VIEWPORTS.phone);
}

describe('the first paint', () => {
  it('given a first visit, shows the gate with no focus ring, and Tab still reaches the logo with one', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.phone);
    try {
      await page.goto('/');
      const gate = page.getByRole('dialog');
      await gate.getByText('Before you continue, please confirm the following').waitFor();
      await focusReaches(gate);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('DIALOG');
      expect(await focusRings(page)).toEqual([]);
      await captureGate(page);
      expect(await focusRings(page)).toEqual([]);

      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'SoleScore home',
      );
      expect(await focusRings(page)).toEqual(['SoleScore home']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the audit log', () => {
  it('given a phone, fits its 390 px; given 1280 px, shows the Changes column without scrolling', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.phone);
    try {
      await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
      // Each sign-in is audited with its remembered browser's hash: a long unbroken value.
      for (let i = 0; i < 2; i++) {
        const signedIn = await context.request.post('/api/rtm-sys/login', {
          data: { username: admin.username, password: admin.password },
        });
        expect(signedIn.status()).toBe(200);
      }
      await page.goto('/rtm-sys/audit?kind=AdminSignedIn');
      await page.getByText('Remembered browser hash:').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.phone.width,
      );
      await captureVariants(page, 'admin-audit', ['phone']);

      await page.setViewportSize(VIEWPORTS.desktop);
      const changes = page.getByRole('columnheader', { name: 'Changes' });
      await changes.waitFor();
      const fit = await page.evaluate(() => {
        const table = document.querySelector('table')!;
        const header = Array.from(table.querySelectorAll('th')).find(
          (th) => th.textContent === 'Changes',
        )!;
        return {
          table: table.getBoundingClientRect().width,
          frame: table.parentElement!.clientWidth,
          right: header.getBoundingClientRect().right,
          page: document.documentElement.scrollWidth,
        };
      });
      expect(fit.table).toBeLessThanOrEqual(fit.frame);
      expect(fit.right).toBeLessThanOrEqual(VIEWPORTS.desktop.width);
      expect(fit.page).toBeLessThanOrEqual(VIEWPORTS.desktop.width);
      await captureVariants(page, 'admin-audit', ['desktop']);

      // Every kind recorded so far (the long ones, such as BoostPurchasesSuspensionKept, too).
      await page.goto('/rtm-sys/audit');
      await changes.waitFor();
      const all = await page.evaluate(() => {
        const table = document.querySelector('table')!;
        return {
          table: table.getBoundingClientRect().width,
          frame: table.parentElement!.clientWidth,
        };
      });
      expect(all.table).toBeLessThanOrEqual(all.frame);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
