import Stripe from 'stripe';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type CreatedCheckout,
  type PaymentEvent,
  type PaymentGateway,
} from '../../application/ports/payments.port';
import { verifyStripeWebhook } from './stripe-webhook';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible server (tests, stripe-mock); Stripe's own API when null. */
  apiUrl: string | null;
}

/** Stripe Checkout through the official SDK: card details never reach this app. */
export class StripePaymentGateway implements PaymentGateway {
  readonly name = 'Stripe Checkout';
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...serverOptions(options.apiUrl),
    });
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckout> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency,
            unit_amount: request.amount,
            product_data: { name: request.itemName },
          },
        },
      ],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata: request.metadata,
      payment_intent_data: { metadata: request.metadata },
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a url');
    return { sessionId: session.id, url: session.url };
  }

  async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['payment_intent.latest_charge'],
      });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        return null;
      }
      throw error;
    }
    const intent = session.payment_intent;
    const charge =
      intent && typeof intent === 'object' && intent.latest_charge ? intent.latest_charge : null;
    return {
      id: session.id,
      status: oneOf(session.status, ['open', 'complete', 'expired'] as const, 'open'),
      paymentStatus: oneOf(
        session.payment_status,
        ['paid', 'unpaid', 'no_payment_required'] as const,
        'unpaid',
      ),
      amountTotal: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      paymentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
      receiptUrl: charge && typeof charge === 'object' ? (charge.receipt_url ?? null) : null,
      receiptNumber: charge && typeof charge === 'object' ? (charge.receipt_number ?? null) : null,
      email: session.customer_details?.email ?? session.customer_email ?? null,
      metadata: { ...(session.metadata ?? {}) },
    };
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    return verifyStripeWebhook(rawBody, signature, this.options.webhookSecret);
  }
}

/** `http://127.0.0.1:12111` → the SDK's host, port and protocol options. */
export function serverOptions(
  apiUrl: string | null,
): { host: string; port: number; protocol: 'http' | 'https' } | object {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}
