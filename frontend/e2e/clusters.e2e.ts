import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, VIEWPORTS } from './support/browser';
import { E2E_ADMIN, type StartedApp, startBuiltApp } from './support/global-setup';
import { captureVariants, newPage, uniqueEmail } from './support/pages';

/**
 * The back office's Clusters page, on an app of its own behind a (pretend) proxy, so accounts
 * can sign up from a network of their own: four sign-ups from one /24 in a day form a cluster,
 * which an admin clears with a reason.
 */
let app: StartedApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startBuiltApp({ TRUST_PROXY: '1' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function registerFrom(address: string) {
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email: uniqueEmail('cluster'), password: 'cluster member password' }),
  });
  expect(res.status).toBe(201);
}

describe('clusters of sign-ups in the back office', () => {
  it('lists a burst of sign-ups as held, and clears it with a reason', async () => {
    for (let host = 1; host <= 4; host += 1) await registerFrom(`100.64.7.${host}`);
    const { context, page, errors } = await newPage(browser, app.baseUrl, VIEWPORTS.desktop);
    try {
      const login = await context.request.post('/api/rtm-sys/login', {
        data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
      });
      expect(login.status()).toBe(200);
      await page.goto('/rtm-sys/clusters');
      await page.getByRole('heading', { level: 1, name: 'Clusters' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'Held' });
      await row.waitFor();
      expect(await row.getByText(/^registered /).count()).toBe(4);

      await row.getByRole('button', { name: 'Show votes' }).click();
      await row.getByText('No votes from these accounts.').waitFor();
      await captureVariants(page, 'admin-clusters');

      await row.getByRole('button', { name: 'Clear' }).click();
      const dialog = page.getByRole('dialog', { name: 'Clear cluster' });
      await dialog.getByRole('button', { name: 'Clear' }).click();
      await dialog.getByText('Please give a reason').waitFor();
      await dialog.getByLabel('Reason').fill('A running club signing up together');
      await dialog.getByRole('button', { name: 'Clear' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const cleared = page
        .getByRole('row')
        .filter({ hasText: 'A running club signing up together' });
      await cleared.waitFor();
      expect(await cleared.getByText('Cleared', { exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Clear', exact: true }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
