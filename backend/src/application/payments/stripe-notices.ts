import { Inject, Injectable, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type CheckoutEvent,
  type CheckoutState,
  checkoutDecider,
  checkoutStreamId,
} from '../../domain/payment/checkout.decider';
import { fold } from '../../domain/shared/decider';
import { METRICS, type Metrics, NO_METRICS } from '../ports/metrics.port';
import {
  InvalidWebhookSignatureError,
  PAYMENTS,
  type LocalCheckout,
  type PaymentEvent,
  type PaymentGateway,
} from '../ports/payments.port';
import { by } from '../shared/command-metadata';
import { StreamWrites } from '../shared/stream-writes';
import type { Loaded } from '../shared/decider-runner';
import { knownCheckout, type KnownCheckout, paidConfirmation } from './checkout-offer';
import { FulfilmentReactor } from './fulfil-payment/fulfilment-reactor';
import { StripeLookups } from './fulfil-payment/stripe-lookups';
import { IngestStripeWebhookCommand } from './ingest-stripe-event/ingest-stripe-event.command';
import { recordStripeEvent } from './ingest-stripe-event/record-stripe-event';

/** A checkout as the log holds it, with where the provider's answer about it was recorded. */
export interface RecordedCheckout extends Loaded<CheckoutState> {
  /** The position of `CheckoutPaymentConfirmed`, or null: the provider's answer is not in. */
  confirmedAt: bigint | null;
}

/**
 * What the payment provider tells the app, and the app's part in it: a signed delivery is read
 * (by the adapter), recorded in the log and answered once the fulfilment reactor has acted on
 * it (and, in the process that runs it, the payments worker has asked about its session); what
 * the return page learns of a paid session is recorded the same way, once per purchase. It
 * handles the webhook's command (`receive`); the local checkout hands it its deliveries too.
 */
@Injectable()
@CommandHandler(IngestStripeWebhookCommand)
export class StripeNotices implements ICommandHandler<IngestStripeWebhookCommand> {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
    private readonly fulfilment: FulfilmentReactor,
    private readonly lookups: StripeLookups,
    @Optional() @Inject(METRICS) private readonly metrics: Metrics = NO_METRICS,
  ) {}

  /** The checkout this app serves itself where Stripe is not configured, if it is. */
  get localCheckout(): LocalCheckout | undefined {
    return this.gateway.localCheckout;
  }

  now(): Date {
    return this.writes.now();
  }

  execute({ rawBody, signature }: IngestStripeWebhookCommand): Promise<void> {
    return this.receive(rawBody, signature);
  }

  /**
   * Verifies and records a delivery, then waits (bounded) for its fulfilment. Each delivery is
   * counted by outcome in the metrics, once it is recorded (the fulfilment is the reactor's).
   */
  async receive(rawBody: Buffer, signature: string | undefined, now = this.now()): Promise<void> {
    let event: PaymentEvent;
    let recorded: bigint | null;
    try {
      event = this.gateway.parseWebhook(rawBody, signature);
      recorded = await recordStripeEvent(this.writes, event, now);
    } catch (error) {
      this.metrics.webhookReceived(
        error instanceof InvalidWebhookSignatureError ? 'invalid_signature' : 'failed',
      );
      throw error;
    }
    this.metrics.webhookReceived(event.handled ? 'recorded' : 'ignored');
    await this.fulfilment.settled(recorded);
    if (recorded === null || event.notice?.kind !== 'checkout-completed') return;
    // A completion the log had no answer for is asked about by the payments worker.
    const answered = await this.lookups.answered(event.notice.sessionId);
    if (answered !== null) await this.fulfilment.settled(answered);
  }

  /** What the log holds about a checkout (one stream read; the provider is not asked). */
  async recorded(sessionId: string): Promise<RecordedCheckout> {
    const history = await this.writes.streamEvents(checkoutStreamId(sessionId));
    return {
      state: fold(
        checkoutDecider,
        history.map((e) => ({ type: e.type, data: e.data }) as CheckoutEvent),
      ),
      revision: history.at(-1)?.revision ?? 'no_stream',
      confirmedAt: history.find((e) => e.type === 'CheckoutPaymentConfirmed')?.position ?? null,
    };
  }

  /** Waits (bounded) until what was recorded at `position` is fulfilled and shown. */
  settled(position: bigint | null): Promise<void> {
    return this.fulfilment.settled(position);
  }

  /**
   * Asks the provider about a session the log has no answer for (404 for a session unknown to
   * both); a paid one's answer is recorded, for the fulfilment and for everyone who would ask
   * again, and its fulfilment waited for (bounded).
   */
  async ask(
    sessionId: string,
    correlationId: string,
    recorded: RecordedCheckout,
  ): Promise<KnownCheckout> {
    const known = await knownCheckout(this.gateway, this.writes, sessionId, recorded);
    if (known.session.paymentStatus !== 'paid') return known;
    const confirmed = await this.writes.decide(
      checkoutStreamId(sessionId),
      checkoutDecider,
      { type: 'ConfirmCheckoutPayment', data: paidConfirmation(known) },
      { ...by.actor({ type: 'stripe', id: sessionId }, correlationId), causationId: sessionId },
    );
    await this.fulfilment.settled(confirmed.position);
    return known;
  }
}
