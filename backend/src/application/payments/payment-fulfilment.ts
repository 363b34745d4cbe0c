import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type BoostType,
  boostDecider,
  boostExpiry,
  boostStreamId,
  type PaymentFacts,
} from '../../domain/boost/boost.decider';
import { postBoostDecider, postBoostStreamId } from '../../domain/boost/post-boost.decider';
import {
  type CheckoutOffer,
  checkoutDecider,
  checkoutStreamId,
} from '../../domain/payment/checkout.decider';
import {
  paymentAccountDecider,
  paymentAccountStreamId,
} from '../../domain/payment/payment-account.decider';
import { paymentDecider, paymentStreamId } from '../../domain/payment/payment.decider';
import { stripeEventDecider, stripeEventStreamId } from '../../domain/payment/stripe-event.decider';
import { ConflictError, NotFoundError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import {
  type CheckoutSession,
  PAYMENTS,
  type PaymentEvent,
  type PaymentGateway,
  PaymentProviderUnavailableError,
} from '../ports/payments.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { CLOCK, type Clock } from '../shared/clock';
import { loadState, runDecider } from '../shared/decider-runner';

export const UNKNOWN_CHECKOUT = 'Checkout session not found';

/** The types this app acts on; every other one is acknowledged and left alone. */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'charge.refunded',
  'charge.dispute.created',
] as const;

export interface Fulfilled {
  session: CheckoutSession;
  offer: CheckoutOffer;
  /** Log position of the last event appended; null when all was already recorded. */
  position: bigint | null;
}

/**
 * Turns what Stripe says into events, each effect once: the Stripe event id is taken on its own
 * stream, the session is completed once on its stream, the boost bought once on its own, and
 * the payment's stream joins refunds and disputes to what the payment bought, in whatever
 * order they arrive. Every step decides on its own stream, so a step run twice (a redelivery, a
 * parallel delivery, the return page) decides nothing the second time.
 */
@Injectable()
export class PaymentFulfilment {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
  ) {}

  /** Verifies and ingests one webhook delivery; answers the last appended position. */
  async ingest(rawBody: Buffer, signature: string | undefined): Promise<bigint | null> {
    const event = this.gateway.parseWebhook(rawBody, signature);
    const metadata: CommandMetadata = {
      actor: { type: 'stripe', id: event.id },
      now: this.clock.now(),
      correlationId: event.id,
      causationId: event.id,
    };
    const streamId = stripeEventStreamId(event.id);
    const { state } = await loadState(this.eventStore, stripeEventDecider, streamId);
    if (state.status === 'processed') return null;
    const object = event.data?.object ?? {};
    await runDecider(
      this.eventStore,
      stripeEventDecider,
      streamId,
      {
        type: 'ReceiveStripeEvent',
        data: {
          stripeEventId: event.id,
          stripeEventType: String(event.type),
          objectId: typeof object.id === 'string' ? object.id : null,
        },
      },
      metadata,
    );
    const handled = (HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type);
    const position = handled ? await this.apply(event, metadata) : null;
    const marked = await runDecider(
      this.eventStore,
      stripeEventDecider,
      streamId,
      {
        type: 'MarkStripeEventProcessed',
        data: { stripeEventId: event.id, outcome: handled ? 'applied' : 'ignored' },
      },
      metadata,
    );
    return marked.position ?? position;
  }

  private async apply(event: PaymentEvent, metadata: CommandMetadata): Promise<bigint | null> {
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        if (typeof object.id !== 'string') return null;
        try {
          return (await this.fulfil(object.id, metadata)).position;
        } catch (error) {
          // A session of another app on the same Stripe account: nothing of ours to fulfil.
          if (error instanceof NotFoundError) return null;
          throw error;
        }
      }
      case 'charge.refunded':
        return this.refund(object, metadata);
      case 'charge.dispute.created':
        return this.dispute(object, metadata);
      default:
        return null;
    }
  }

  /**
   * Asks the provider for the session (the source of truth: amount, payment, receipt) and, if
   * it is paid, records what it bought. Safe to call any number of times.
   */
  async fulfil(sessionId: string, metadata: CommandMetadata): Promise<Fulfilled> {
    let session: CheckoutSession | null;
    try {
      session = await this.gateway.retrieveCheckoutSession(sessionId);
    } catch (error) {
      throw new PaymentProviderUnavailableError(error);
    }
    if (!session) throw new NotFoundError(UNKNOWN_CHECKOUT);
    const checkout = await loadState(this.eventStore, checkoutDecider, checkoutStreamId(sessionId));
    const offer = checkout.state.status === 'unknown' ? offerFrom(session) : checkout.state.offer;
    if (!offer) throw new NotFoundError(UNKNOWN_CHECKOUT);
    if (session.paymentStatus !== 'paid') return { session, offer, position: null };

    const payment: PaymentFacts = {
      amount: session.amountTotal,
      currency: session.currency,
      stripeSessionId: session.id,
      stripePaymentId: session.paymentId,
      receiptUrl: session.receiptUrl,
      receiptNumber: session.receiptNumber,
    };
    let position: bigint | null = null;
    const track = (p: bigint | null) => {
      if (p !== null) position = p;
    };
    track(
      (
        await runDecider(
          this.eventStore,
          checkoutDecider,
          checkoutStreamId(sessionId),
          { type: 'CompleteCheckout', data: { offer, payment, receiptEmail: session.email } },
          metadata,
        )
      ).position,
    );
    if (offer.kind === 'boost' && offer.boostId && offer.userId && offer.boostType) {
      const postId = await this.postToApplyTo(offer, metadata);
      track(
        (
          await runDecider(
            this.eventStore,
            boostDecider,
            boostStreamId(offer.boostId),
            {
              type: 'PurchaseBoost',
              data: {
                ...payment,
                boostId: offer.boostId,
                boostType: offer.boostType,
                userId: offer.userId,
                postId,
                receiptEmail: session.email,
              },
            },
            metadata,
          )
        ).position,
      );
    }
    if (payment.stripePaymentId) {
      const recorded = await runDecider(
        this.eventStore,
        paymentDecider,
        paymentStreamId(payment.stripePaymentId),
        {
          type: 'RecordPayment',
          data: {
            ...payment,
            kind: offer.kind,
            userId: offer.userId,
            boostId: offer.boostId,
          },
        },
        metadata,
      );
      track(recorded.position);
      track(await this.settleWithPayment(payment.stripePaymentId, metadata));
    }
    return { session, offer, position };
  }

  /** A refund or dispute recorded before the payment's completion takes effect now. */
  private async settleWithPayment(
    stripePaymentId: string,
    metadata: CommandMetadata,
  ): Promise<bigint | null> {
    const { state } = await loadState(
      this.eventStore,
      paymentDecider,
      paymentStreamId(stripePaymentId),
    );
    const paidFor = state.paidFor;
    if (!paidFor) return null;
    let position: bigint | null = null;
    if (state.refunded && paidFor.boostId) {
      const refunded = await runDecider(
        this.eventStore,
        boostDecider,
        boostStreamId(paidFor.boostId),
        {
          type: 'RefundBoost',
          data: {
            amount: state.refunded.amountRefunded,
            currency: state.refunded.currency,
            stripeSessionId: paidFor.stripeSessionId,
            stripePaymentId,
            receiptUrl: state.refunded.receiptUrl,
          },
        },
        metadata,
      );
      position = refunded.position ?? position;
    }
    if (paidFor.userId) {
      for (const stripeDisputeId of state.disputes) {
        const suspended = await runDecider(
          this.eventStore,
          paymentAccountDecider,
          paymentAccountStreamId(paidFor.userId),
          {
            type: 'SuspendBoostPurchases',
            data: { userId: paidFor.userId, stripeDisputeId, stripePaymentId },
          },
          metadata,
        );
        position = suspended.position ?? position;
      }
    }
    return position;
  }

  private async refund(
    charge: Record<string, unknown>,
    metadata: CommandMetadata,
  ): Promise<bigint | null> {
    const stripePaymentId = idOf(charge.payment_intent);
    if (!stripePaymentId || typeof charge.id !== 'string') return null;
    const recorded = await runDecider(
      this.eventStore,
      paymentDecider,
      paymentStreamId(stripePaymentId),
      {
        type: 'RecordRefund',
        data: {
          stripePaymentId,
          stripeChargeId: charge.id,
          amountRefunded: integer(charge.amount_refunded),
          currency: typeof charge.currency === 'string' ? charge.currency : 'usd',
          receiptUrl: typeof charge.receipt_url === 'string' ? charge.receipt_url : null,
        },
      },
      metadata,
    );
    return (await this.settleWithPayment(stripePaymentId, metadata)) ?? recorded.position;
  }

  private async dispute(
    dispute: Record<string, unknown>,
    metadata: CommandMetadata,
  ): Promise<bigint | null> {
    const stripePaymentId = idOf(dispute.payment_intent);
    if (!stripePaymentId || typeof dispute.id !== 'string') return null;
    const recorded = await runDecider(
      this.eventStore,
      paymentDecider,
      paymentStreamId(stripePaymentId),
      {
        type: 'RecordDispute',
        data: {
          stripePaymentId,
          stripeDisputeId: dispute.id,
          amount: integer(dispute.amount),
          currency: typeof dispute.currency === 'string' ? dispute.currency : 'usd',
          reason: typeof dispute.reason === 'string' ? dispute.reason : 'unknown',
        },
      },
      metadata,
    );
    return (await this.settleWithPayment(stripePaymentId, metadata)) ?? recorded.position;
  }

  /**
   * A post checkout's post, taken for its boost (see the post boost decider), or null: the post
   * is gone or another boost runs on it, and the boost stays on the account to apply later.
   * A boost already bought (a second announcement) takes nothing.
   */
  private async postToApplyTo(
    offer: CheckoutOffer,
    metadata: CommandMetadata,
  ): Promise<string | null> {
    const { postId, boostId, boostType } = offer;
    if (!postId || !boostId || !boostType) return null;
    const bought = await loadState(this.eventStore, boostDecider, boostStreamId(boostId));
    if (bought.state.status !== 'none') return null;
    const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: postId });
    if (!post) {
      this.logger.warn(`Post ${postId} is gone: its boost stays on the account`);
      return null;
    }
    try {
      await runDecider(
        this.eventStore,
        postBoostDecider,
        postBoostStreamId(postId),
        {
          type: 'ClaimPostBoost',
          data: {
            postId,
            boostId,
            expiresAt: boostExpiry(boostType, metadata.now).toISOString(),
          },
        },
        metadata,
      );
      return postId;
    } catch (error) {
      if (error instanceof ConflictError) return null;
      throw error;
    }
  }
}

/** The offer as the session's metadata carries it (set by this app when it was created). */
function offerFrom(session: CheckoutSession): CheckoutOffer | null {
  const m = session.metadata;
  if (m.kind === 'donation') {
    return {
      sessionId: session.id,
      kind: 'donation',
      amount: session.amountTotal,
      currency: session.currency,
      userId: m.userId || null,
      boostType: null,
      boostId: null,
      postId: null,
    };
  }
  if (
    m.kind === 'boost' &&
    (m.boostType === 'regular' || m.boostType === 'mega') &&
    m.boostId &&
    m.userId
  ) {
    return {
      sessionId: session.id,
      kind: 'boost',
      amount: session.amountTotal,
      currency: session.currency,
      userId: m.userId,
      boostType: m.boostType as BoostType,
      boostId: m.boostId,
      postId: m.postId || null,
    };
  }
  return null;
}

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
