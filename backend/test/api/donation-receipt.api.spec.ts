import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiSpec,
  expectError,
  expectNoNewEvents,
  expectResponse,
  type ApiRequest,
} from '../support/api-specification';
import { sessionIdOf } from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const ENV = { PUBLIC_URL: 'http://127.0.0.1:3000' };

describe('the receipt of an anonymous donation', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(ENV, mkdtempSync(join(tmpdir(), 'donation-receipt-')));
  });
  afterAll(() => app.close());

  /** A donation's checkout started by a visitor: its session id. */
  async function startDonation(amount: number): Promise<string> {
    const { body } = await apiSpec(app)
      .when((request) => request.post('/api/donations/checkout').send({ amount }))
      .then([expectResponse(200)]);
    return sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url);
  }

  /** The test checkout's Pay button pressed. */
  const pay = (sessionId: string) => () =>
    apiSpec(app)
      .when((request) => request.post(`/checkout/${sessionId}/pay`))
      .then([expectResponse(303)]);

  const confirm = (sessionId: string) => (request: ApiRequest) =>
    request.post('/api/checkout/confirm').send({ sessionId });

  it('given a paid anonymous donation, when its payer confirms with the session id, then the answer links the receipt page', async () => {
    const sessionId = await startDonation(1250);

    const confirmed = await apiSpec(app)
      .given(pay(sessionId))
      .when(confirm(sessionId))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ status: 'paid', kind: 'donation', amount: '12.50' }),
        }),
      ]);

    const body = confirmed.body as Schema<'CheckoutConfirmationResponse'>;
    expect(body.receiptUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/receipts\/[\w-]{16,}$/);
    const receipt = await apiSpec(app)
      .when((request) => request.get(new URL(body.receiptUrl!).pathname))
      .then([expectResponse(200)]);
    expect(receipt.text).toContain('$12.50 USD');
    expect(receipt.text).toContain('Donation');
    expect(receipt.text).not.toMatch(/[\w.+-]+@[\w-]+\.\w/);
    // Asked again, the same receipt, and what Stripe answered is not recorded twice.
    await apiSpec(app)
      .when(confirm(sessionId))
      .then([expectResponse(200, { body }), expectNoNewEvents(`checkout-${sessionId}`)]);
  });

  it('given a donation not paid yet, when its return is confirmed, then it says unpaid and links no receipt', async () => {
    const sessionId = await startDonation(500);

    await apiSpec(app)
      .when(confirm(sessionId))
      .then([
        expectResponse(200, { body: { status: 'unpaid', kind: 'donation', amount: '5.00' } }),
        expectNoNewEvents(`checkout-${sessionId}`),
      ]);
  });

  it('given a session id nobody was given, when it is confirmed, then 404 and no receipt', async () => {
    await apiSpec(app)
      .when(confirm('cs_local_unknownunknownunknown00'))
      .then([expectError(404, 'Checkout session not found')]);
  });

  it('given the test checkout and its receipt, when served, then both carry the app stylesheet (light and dark) that their CSP allows', async () => {
    const sessionId = await startDonation(700);
    const checkout = await apiSpec(app)
      .when((request) => request.get(`/checkout/${sessionId}`))
      .then([expectResponse(200)]);
    const { body } = await apiSpec(app)
      .given(pay(sessionId))
      .when(confirm(sessionId))
      .then([expectResponse(200)]);
    const receipt = await apiSpec(app)
      .when((request) =>
        request.get(new URL((body as Schema<'CheckoutConfirmationResponse'>).receiptUrl!).pathname),
      )
      .then([expectResponse(200)]);

    for (const page of [checkout, receipt]) {
      const style = /<style>([\s\S]*?)<\/style>/.exec(page.text)?.[1] ?? '';
      expect(style).toContain('--primary:#0f766e');
      expect(style).toContain('@media (prefers-color-scheme:dark)');
      expect(style).toContain('--primary:#2dd4bf');
      expect(page.text).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      const csp = String(page.headers['content-security-policy']);
      const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(styleSrc.split(' ')).toContain("'unsafe-inline'");
      expect(page.text).not.toMatch(/<script/i);
    }
    expect(checkout.text).toContain('<button class="button" type="submit">Pay $7.00</button>');
  });
});
