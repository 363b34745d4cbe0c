import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { takeCspViolations } from './support/csp';
import { newPage, skipGate } from './support/pages';

describe('the Content-Security-Policy guard of the browser tests', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sees a script the policy refuses, so a test that causes one fails', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    try {
      await skipGate(page);
      await page.goto('/');
      await page.getByRole('link', { name: 'SoleScore' }).first().waitFor();
      expect(takeCspViolations()).toEqual([]);

      // An inline script without the policy's hash: the kind of thing the guard is for.
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true;';
        document.body.append(script);
      });
      let seen: string[] = [];
      await expect
        .poll(() => (seen = [...seen, ...takeCspViolations()]), { timeout: 30_000 })
        .not.toEqual([]);
      expect(seen.join('\n')).toMatch(/script-src/);
      expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    } finally {
      // Taken above, so this test itself passes; the page may still report late duplicates.
      await context.close();
      takeCspViolations();
    }
  });
});
