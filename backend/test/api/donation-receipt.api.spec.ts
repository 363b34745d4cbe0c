import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
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

  async function startDonation(amount: number): Promise<string> {
    const { body } = await request(app.server)
      .post('/api/donations/checkout')
      .send({ amount })
      .expect(200);
    return sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url);
  }

  const confirm = (sessionId: string) =>
    request(app.server).post('/api/checkout/confirm').send({ sessionId });

  it('given a paid anonymous donation, when its payer confirms with the session id, then the answer links the receipt page', async () => {
    const sessionId = await startDonation(1250);
    await request(app.server).post(`/checkout/${sessionId}/pay`).expect(303);

    const confirmed = await confirm(sessionId).expect(200);

    const body = confirmed.body as Schema<'CheckoutConfirmationResponse'>;
    expect(body).toMatchObject({ status: 'paid', kind: 'donation', amount: '12.50' });
    expect(body.receiptUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/receipts\/[\w-]{16,}$/);
    const receipt = await request(app.server).get(new URL(body.receiptUrl!).pathname).expect(200);
    expect(receipt.text).toContain('$12.50 USD');
    expect(receipt.text).toContain('Donation');
    expect(receipt.text).not.toMatch(/[\w.+-]+@[\w-]+\.\w/);
    // Asked again, the same receipt.
    expect((await confirm(sessionId).expect(200)).body).toEqual(body);
  });

  it('given a donation not paid yet, when its return is confirmed, then it says unpaid and links no receipt', async () => {
    const sessionId = await startDonation(500);

    const unpaid = await confirm(sessionId).expect(200);

    expect(unpaid.body).toEqual({ status: 'unpaid', kind: 'donation', amount: '5.00' });
  });

  it('given a session id nobody was given, when it is confirmed, then 404 and no receipt', async () => {
    const unknown = await confirm('cs_local_unknownunknownunknown00').expect(404);

    expect(unknown.body).toEqual({ message: 'Checkout session not found' });
  });

  it('given the test checkout and its receipt, when served, then both carry the app stylesheet (light and dark) that their CSP allows', async () => {
    const sessionId = await startDonation(700);
    const checkout = await request(app.server).get(`/checkout/${sessionId}`).expect(200);
    await request(app.server).post(`/checkout/${sessionId}/pay`).expect(303);
    const { body } = await confirm(sessionId).expect(200);
    const receipt = await request(app.server)
      .get(new URL((body as Schema<'CheckoutConfirmationResponse'>).receiptUrl!).pathname)
      .expect(200);

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
