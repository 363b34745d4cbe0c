import Stripe from 'stripe';
import type { PaymentNotice } from '../../domain/payment/stripe-event.decider';
import {
  InvalidWebhookSignatureError,
  type PaymentEvent,
} from '../../application/ports/payments.port';

/** The types this app acts on; every other one is acknowledged and left alone. */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'charge.refunded',
  'charge.dispute.created',
] as const;

/**
 * Checks a delivery's `Stripe-Signature` over the raw body (the SDK's `constructEvent`, with its
 * timestamp tolerance) and maps the event to this app's terms: Stripe's JSON stops here.
 */
export function verifyStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): PaymentEvent {
  if (!signature) throw new InvalidWebhookSignatureError('no Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new InvalidWebhookSignatureError(error instanceof Error ? error.message : 'unreadable');
  }
  return toPaymentEvent(event as unknown as StripeEventShape);
}

interface StripeEventShape {
  id: string;
  type: string;
  data?: { object?: Record<string, unknown> };
}

/** A Stripe event as this app reads it: what it is about and what it asks for. */
export function toPaymentEvent(event: StripeEventShape): PaymentEvent {
  const object = event.data?.object ?? {};
  const type = String(event.type);
  return {
    id: event.id,
    type,
    objectId: typeof object.id === 'string' ? object.id : null,
    handled: (HANDLED_STRIPE_EVENTS as readonly string[]).includes(type),
    notice: noticeOf(type, object),
  };
}

function noticeOf(type: string, object: Record<string, unknown>): PaymentNotice | null {
  if (typeof object.id !== 'string') return null;
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'checkout-completed', sessionId: object.id };
    case 'charge.refunded': {
      const stripePaymentId = idOf(object.payment_intent);
      if (!stripePaymentId) return null;
      return {
        kind: 'refund',
        stripePaymentId,
        stripeChargeId: object.id,
        amountRefunded: integer(object.amount_refunded),
        currency: typeof object.currency === 'string' ? object.currency : 'usd',
        receiptUrl: typeof object.receipt_url === 'string' ? object.receipt_url : null,
      };
    }
    case 'charge.dispute.created': {
      const stripePaymentId = idOf(object.payment_intent);
      if (!stripePaymentId) return null;
      return {
        kind: 'dispute',
        stripePaymentId,
        stripeDisputeId: object.id,
        amount: integer(object.amount),
        currency: typeof object.currency === 'string' ? object.currency : 'usd',
        reason: typeof object.reason === 'string' ? object.reason : 'unknown',
      };
    }
    default:
      return null;
  }
}

/** An expandable field: the id itself, or the object carrying it. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
}

function integer(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}
