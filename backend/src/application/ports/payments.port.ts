import type { PaymentNotice } from '../../domain/payment/stripe-event.decider';

/**
 * The card payment provider: hosted checkout sessions and signed webhooks. Stripe in
 * production; a local checkout served by the app when no Stripe key is configured.
 */
export const PAYMENTS = Symbol('Payments');

export interface CheckoutRequest {
  /** What the buyer sees on the checkout page, e.g. "Mega Boost — 7 days". */
  itemName: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  /** May hold `{CHECKOUT_SESSION_ID}`, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** Echoed back on the session: how to fulfil it. */
  metadata: Record<string, string>;
}

export interface CreatedCheckout {
  sessionId: string;
  url: string;
}

export interface CheckoutSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** Integer cents actually charged. */
  amountTotal: number;
  currency: string;
  /** The PaymentIntent id (pi_…), once there is one. */
  paymentId: string | null;
  /** The charge's receipt address, when the provider has one. */
  receiptUrl: string | null;
  /** The number printed on that receipt, when the provider gives one. */
  receiptNumber: string | null;
  /** The address the buyer gave at checkout (personal data). */
  email: string | null;
  metadata: Record<string, string>;
}

/**
 * A webhook delivery whose signature checked out, in this app's terms: the adapter reads the
 * provider's payload, nobody further in does.
 */
export interface PaymentEvent {
  /** The provider's event id (evt_…): each takes effect once. */
  id: string;
  /** The provider's event type, kept for the audit. */
  type: string;
  /** The id of the object it is about, when it has one. */
  objectId: string | null;
  /** Of a type this app acts on (recorded as applied even when nothing came of it). */
  handled: boolean;
  /** What it asks of this app; null when nothing. */
  notice: PaymentNotice | null;
}

export class InvalidWebhookSignatureError extends Error {
  constructor(reason: string) {
    super(`Invalid webhook signature: ${reason}`);
    this.name = 'InvalidWebhookSignatureError';
  }
}

/** The provider could not be reached or refused the call (answered 503). */
export class PaymentProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      `Payment provider unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'PaymentProviderUnavailableError';
  }
}

export interface PaymentGateway {
  /** Short name for the start-up log. */
  readonly name: string;
  createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** The session as the provider holds it now; null when it does not know the id. */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession | null>;
  /** Verifies the signature over the raw body and parses it; InvalidWebhookSignatureError else. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /** Only the local checkout (no Stripe key): the page the app serves, and its Pay button. */
  readonly localCheckout?: LocalCheckout;
}

export interface LocalCheckoutPage {
  sessionId: string;
  itemName: string;
  amount: number;
  currency: string;
  paid: boolean;
  cancelUrl: string;
  successUrl: string;
}

/** A receipt the local checkout issued, as its page shows it. */
export interface LocalReceipt {
  receiptNumber: string;
  itemName: string;
  amount: number;
  currency: string;
  paidAt: string;
}

export interface LocalCheckout {
  page(sessionId: string): LocalCheckoutPage | null;
  /** The receipt at the address `pay` gave the session; null for an unknown id. */
  receipt(receiptId: string): LocalReceipt | null;
  /** Marks the session paid and answers the signed delivery announcing it. */
  pay(sessionId: string, now: Date): { body: Buffer; signature: string; successUrl: string };
}
