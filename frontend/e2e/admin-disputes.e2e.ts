import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, VIEWPORTS } from './support/browser';
import { E2E_ADMIN, type StartedApp, startBuiltApp } from './support/global-setup';
import { captureVariants, newPage, uniqueEmail, verifiedMemberPage } from './support/pages';

/**
 * A payment dispute resolved in the back office, on an app of its own: the test signs Stripe's
 * dispute event with the app's local webhook secret, as Stripe would sign it.
 */
const PASSWORD = 'disputed member password';

let app: StartedApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startBuiltApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function deliver(type: string, object: Record<string, unknown>) {
  const secret = readFileSync(join(app.dataDir, 'local-webhook-secret'), 'utf8').trim();
  const body = JSON.stringify({
    id: `evt_e2e_${Date.now()}`,
    object: 'event',
    type,
    data: { object },
  });
  const response = await fetch(`${app.baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
    },
    body,
  });
  expect(response.status).toBe(200);
}

describe('a payment dispute in the back office', () => {
  it('keeps, then lifts, the suspension of a disputed buyer, each with a reason, in the audit log', async () => {
    const buyer = await verifiedMemberPage(browser, app.baseUrl, uniqueEmail('disputed'), PASSWORD);
    const { context, page, errors } = await newPage(browser, app.baseUrl, VIEWPORTS.desktop);
    try {
      const checkout = await buyer.context.request.post('/api/boost/checkout', {
        data: { boostType: 'mega' },
      });
      await buyer.page.goto(((await checkout.json()) as { url: string }).url);
      await buyer.page.getByRole('button', { name: 'Pay $9.99' }).click();
      await buyer.page.waitForURL(/\/boost\?session_id=/);

      expect(
        (
          await context.request.post('/api/rtm-sys/login', {
            data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
          })
        ).status(),
      ).toBe(200);
      const purchases = (await (
        await context.request.get('/api/rtm-sys/payments?kind=purchase')
      ).json()) as { items: { stripePaymentId: string }[] };
      await deliver('charge.dispute.created', {
        id: 'dp_e2e_1',
        object: 'dispute',
        payment_intent: purchases.items[0].stripePaymentId,
        amount: 999,
        currency: 'usd',
        reason: 'fraudulent',
      });

      await page.goto('/rtm-sys/payments?kind=dispute');
      const row = page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({
        hasText: buyer.email,
      });
      await row.getByText('Purchases suspended').waitFor();
      await row.getByText('Reason: fraudulent').waitFor();
      await captureVariants(page, 'admin-payments-dispute');

      await row.getByRole('button', { name: 'Keep' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Keep the suspension' }).waitFor();
      await dialog.getByRole('button', { name: 'Keep suspension' }).click();
      await dialog.getByText('Please give a reason').waitFor();
      await captureVariants(page, 'admin-payments-dispute-dialog');
      await dialog.getByLabel('Reason').fill('The bank confirms the card was stolen');
      await dialog.getByRole('button', { name: 'Keep suspension' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.getByText('Suspension kept').waitFor();
      const refused = await buyer.context.request.post('/api/boost/checkout', {
        data: { boostType: 'regular' },
      });
      expect(refused.status()).toBe(403);

      await row.getByRole('button', { name: 'Lift' }).click();
      await page.getByRole('dialog').getByLabel('Reason').fill('The dispute was withdrawn');
      await page.getByRole('dialog').getByRole('button', { name: 'Lift suspension' }).click();
      await row.getByText('Suspension lifted').waitFor();
      await row.getByText(`by ${E2E_ADMIN.username}: The dispute was withdrawn`).waitFor();
      const allowed = await buyer.context.request.post('/api/boost/checkout', {
        data: { boostType: 'regular' },
      });
      expect(allowed.status()).toBe(200);

      await page.goto('/rtm-sys/audit');
      const audit = page.getByRole('table', { name: 'Audit log' });
      for (const [kind, reason] of [
        ['BoostPurchasesReinstated', 'The dispute was withdrawn'],
        ['BoostPurchasesSuspensionKept', 'The bank confirms the card was stolen'],
      ]) {
        await audit
          .getByRole('row')
          .filter({ hasText: kind })
          .filter({ hasText: E2E_ADMIN.username })
          .getByText(reason)
          .waitFor();
      }
      await audit
        .getByRole('row')
        .filter({ hasText: 'PaymentDisputed' })
        .getByText('fraudulent')
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await buyer.context.close();
    }
  });
});
