import Stripe from 'stripe';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type CreatedCheckout,
  type LocalCheckout,
  type LocalCheckoutPage,
  type LocalReceipt,
  type PaymentEvent,
  type PaymentGateway,
} from '../../application/ports/payments.port';
import { verifyStripeWebhook } from './stripe-webhook';

/** A session of the local checkout, as kept on disk. */
export interface LocalSession extends CheckoutSession {
  itemName: string;
  successUrl: string;
  cancelUrl: string;
  /** When it was paid (ISO-8601); absent until then, and in sessions paid before receipts. */
  paidAt?: string;
}

const SESSION_ID = /^cs_local_[A-Za-z0-9]{24}$/;
/**
 * A receipt's address: 128 bits keyed by the local webhook secret, as unguessable as Stripe's
 * receipt links.
 */
const RECEIPT_ID = /^rcpt_[A-Za-z0-9_-]{22}$/;

/**
 * The embedded default when no Stripe key is configured: a checkout page served by the app whose
 * Pay button signs a Stripe-shaped `checkout.session.completed` event with a secret in DATA_DIR and
 * hands it to the webhook path Stripe's deliveries take. Sessions are files in DATA_DIR, so a
 * return page finds its session after a restart. No money moves: dev and tests only. Paying issues
 * a receipt at an unguessable address, as Stripe does; it holds no name or email.
 */
export class LocalPaymentGateway implements PaymentGateway, LocalCheckout {
  readonly name = 'local test checkout (no money moves)';
  readonly localCheckout: LocalCheckout = this;
  private readonly dir: string;
  readonly webhookSecret: string;

  constructor(
    dataDir: string,
    private readonly publicUrl: string,
  ) {
    this.dir = join(dataDir, 'local-checkout');
    mkdirSync(join(this.dir, 'receipts'), { recursive: true });
    this.webhookSecret = localWebhookSecret(dataDir);
  }

  createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckout> {
    const id = `cs_local_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;
    const session: LocalSession = {
      id,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: request.amount,
      currency: request.currency,
      paymentId: null,
      receiptUrl: null,
      receiptNumber: null,
      email: null,
      metadata: { ...request.metadata },
      itemName: request.itemName,
      successUrl: request.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      cancelUrl: request.cancelUrl.replace('{CHECKOUT_SESSION_ID}', id),
    };
    this.save(session);
    return Promise.resolve({ sessionId: id, url: `${this.publicUrl}/checkout/${id}` });
  }

  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession | null> {
    return Promise.resolve(this.session(sessionId));
  }

  /** The session with its page's texts and addresses; null for an unknown id. */
  session(sessionId: string): LocalSession | null {
    if (!SESSION_ID.test(sessionId)) return null;
    try {
      return JSON.parse(readFileSync(this.file(sessionId), 'utf8')) as LocalSession;
    } catch {
      return null;
    }
  }

  page(sessionId: string): LocalCheckoutPage | null {
    const session = this.session(sessionId);
    if (!session) return null;
    return {
      sessionId: session.id,
      itemName: session.itemName,
      amount: session.amountTotal,
      currency: session.currency,
      paid: session.paymentStatus === 'paid',
      cancelUrl: session.cancelUrl,
      successUrl: session.successUrl,
    };
  }

  receipt(receiptId: string): LocalReceipt | null {
    if (!RECEIPT_ID.test(receiptId)) return null;
    try {
      const { sessionId } = JSON.parse(
        readFileSync(join(this.dir, 'receipts', `${receiptId}.json`), 'utf8'),
      ) as { sessionId: string };
      const session = this.session(sessionId);
      if (!session?.receiptNumber || !session.paidAt) return null;
      return {
        receiptNumber: session.receiptNumber,
        itemName: session.itemName,
        amount: session.amountTotal,
        currency: session.currency,
        paidAt: session.paidAt,
      };
    } catch {
      return null;
    }
  }

  /**
   * Marks the session paid (once) and answers the signed webhook delivery that announces it:
   * the raw body and its Stripe-Signature header.
   */
  pay(sessionId: string, now: Date): { body: Buffer; signature: string; successUrl: string } {
    const found = this.session(sessionId);
    if (!found) throw new Error(`Unknown local checkout session ${sessionId}`);
    let session = found;
    if (found.paymentStatus !== 'paid') {
      // Derived from the session, so two Pay clicks that race issue one and the same receipt.
      const { receiptId, number } = this.receiptFor(sessionId);
      writeFileSync(join(this.dir, 'receipts', `${receiptId}.json`), JSON.stringify({ sessionId }));
      session = {
        ...found,
        status: 'complete',
        paymentStatus: 'paid',
        paymentId: `pi_local_${randomBytes(12).toString('hex')}`,
        receiptUrl: `${this.publicUrl}/receipts/${receiptId}`,
        receiptNumber: number,
        paidAt: now.toISOString(),
      };
    }
    this.save(session);
    const event = {
      id: `evt_local_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(now.getTime() / 1000),
      livemode: false,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          mode: 'payment',
          status: session.status,
          payment_status: session.paymentStatus,
          amount_total: session.amountTotal,
          currency: session.currency,
          payment_intent: session.paymentId,
          metadata: session.metadata,
        },
      },
    };
    const body = Buffer.from(JSON.stringify(event));
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body.toString('utf8'),
      secret: this.webhookSecret,
      timestamp: Math.floor(now.getTime() / 1000),
    });
    return { body, signature, successUrl: session.successUrl };
  }

  private receiptFor(sessionId: string): { receiptId: string; number: string } {
    const mac = createHmac('sha256', this.webhookSecret).update(`receipt:${sessionId}`).digest();
    const digits = Array.from(mac.subarray(16, 28), (byte) => String(byte % 10)).join('');
    return {
      receiptId: `rcpt_${mac.subarray(0, 16).toString('base64url')}`,
      // `4821-0937-5520`: twelve digits, read out or typed without confusion.
      number: `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}`,
    };
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    return verifyStripeWebhook(rawBody, signature, this.webhookSecret);
  }

  private save(session: LocalSession): void {
    const file = this.file(session.id);
    writeFileSync(`${file}.tmp`, JSON.stringify(session));
    renameSync(`${file}.tmp`, file);
  }

  private file(sessionId: string): string {
    return join(this.dir, `${sessionId}.json`);
  }
}

/** Made on first start and kept in DATA_DIR, like the dev app secret. */
export function localWebhookSecret(dataDir: string): string {
  const file = join(dataDir, 'local-webhook-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = `whsec_${randomBytes(24).toString('hex')}`;
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
  }
}
