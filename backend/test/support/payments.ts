import Stripe from 'stripe';
import request from 'supertest';
import { PAYMENTS, type PaymentGateway } from '../../src/application/ports/payments.port';
import { localWebhookSecret } from '../../src/infrastructure/payments/local-payment-gateway';
import type { TestApp } from './test-app';

let counter = 0;

/** A Stripe-shaped event, signed as Stripe signs it (the SDK's own test helper). */
export function signedEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  id = `evt_test_${process.pid}_${(counter += 1)}`,
): { body: string; signature: string; id: string } {
  const body = JSON.stringify({ id, object: 'event', type, data: { object } });
  return {
    body,
    signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
    id,
  };
}

export function webhookSecretOf(app: TestApp): string {
  return localWebhookSecret(app.dataDir);
}

export function deliver(app: TestApp, event: { body: string; signature: string }) {
  return request(app.server)
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', event.signature)
    .send(event.body);
}

export function sessionIdOf(url: string): string {
  const id = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(url)?.[1];
  if (!id) throw new Error(`No checkout session in ${url}`);
  return id;
}

/**
 * Pays a local checkout session without delivering its webhook (as if Stripe's delivery were
 * late): answers the signed delivery to send later, and the payment id.
 */
export async function payWithoutDelivery(app: TestApp, sessionId: string, now = new Date()) {
  const gateway = app.app.get<PaymentGateway>(PAYMENTS);
  const delivery = gateway.localCheckout!.pay(sessionId, now);
  const session = await gateway.retrieveCheckoutSession(sessionId);
  return {
    delivery: { body: delivery.body.toString('utf8'), signature: delivery.signature },
    paymentId: session!.paymentId!,
  };
}
