import Stripe from 'stripe';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidWebhookSignatureError } from '../../application/ports/payments.port';
import { LocalPaymentGateway } from './local-payment-gateway';
import { serverOptions } from './stripe-payment-gateway';

describe('Stripe SDK server options', () => {
  it('takes host, port and protocol from STRIPE_API_URL', () => {
    expect(serverOptions(null)).toEqual({});
    expect(serverOptions('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(serverOptions('https://stripe.internal')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
  });
});

describe('local payment gateway', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'local-checkout-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const request = {
    itemName: 'Regular Boost — 24 hours',
    amount: 199,
    currency: 'usd',
    successUrl: 'http://app/boost?session_id={CHECKOUT_SESSION_ID}&type=boost',
    cancelUrl: 'http://app/boost?cancelled=true',
    metadata: { kind: 'boost' },
  };

  it('keeps its sessions and webhook secret across a restart', async () => {
    const first = new LocalPaymentGateway(dataDir, 'http://app');
    const { sessionId, url } = await first.createCheckoutSession(request);
    expect(url).toBe(`http://app/checkout/${sessionId}`);
    const again = new LocalPaymentGateway(dataDir, 'http://app');
    expect(again.webhookSecret).toBe(first.webhookSecret);
    expect(again.page(sessionId)).toMatchObject({
      itemName: 'Regular Boost — 24 hours',
      amount: 199,
      paid: false,
      successUrl: `http://app/boost?session_id=${sessionId}&type=boost`,
    });
    expect(await again.retrieveCheckoutSession('cs_local_unknown')).toBeNull();
    expect(await again.retrieveCheckoutSession('../../etc/passwd')).toBeNull();
  });

  it('signs the completion it delivers the way Stripe does, and refuses other signatures', async () => {
    const gateway = new LocalPaymentGateway(dataDir, 'http://app');
    const { sessionId } = await gateway.createCheckoutSession(request);
    const paid = gateway.pay(sessionId, new Date());
    const event = gateway.parseWebhook(paid.body, paid.signature);
    expect(event.type).toBe('checkout.session.completed');
    expect(event).toMatchObject({
      objectId: sessionId,
      handled: true,
      notice: { kind: 'checkout-completed', sessionId },
    });
    expect(
      Stripe.webhooks.constructEvent(paid.body, paid.signature, gateway.webhookSecret).id,
    ).toBe(event.id);
    expect(() => gateway.parseWebhook(paid.body, undefined)).toThrow(InvalidWebhookSignatureError);
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: paid.body.toString(),
      secret: 'whsec_other',
    });
    expect(() => gateway.parseWebhook(paid.body, forged)).toThrow(InvalidWebhookSignatureError);
    // Paying again announces the same payment.
    const session = await gateway.retrieveCheckoutSession(sessionId);
    gateway.pay(sessionId, new Date());
    expect((await gateway.retrieveCheckoutSession(sessionId))?.paymentId).toBe(session?.paymentId);
  });
});
