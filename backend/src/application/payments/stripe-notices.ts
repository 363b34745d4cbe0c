import { Inject, Injectable, Optional } from '@nestjs/common';
import { checkoutDecider, checkoutStreamId } from '../../domain/payment/checkout.decider';
import { METRICS, type Metrics, NO_METRICS } from '../ports/metrics.port';
import {
  InvalidWebhookSignatureError,
  PAYMENTS,
  type LocalCheckout,
  type PaymentEvent,
  type PaymentGateway,
} from '../ports/payments.port';
import { StreamWrites } from '../shared/stream-writes';
import { knownCheckout, type KnownCheckout } from './checkout-offer';
import { FulfilmentReactor } from './fulfil-payment/fulfilment-reactor';
import { recordStripeEvent } from './ingest-stripe-event/record-stripe-event';

/**
 * What the payment provider tells the app, and the app's part in it: a signed delivery is read
 * (by the adapter), recorded in the log and answered once the fulfilment reactor has acted on
 * it; a session the return page finds paid is reported the same way.
 */
@Injectable()
export class StripeNotices {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
    private readonly fulfilment: FulfilmentReactor,
    @Optional() @Inject(METRICS) private readonly metrics: Metrics = NO_METRICS,
  ) {}

  /** The checkout this app serves itself where Stripe is not configured, if it is. */
  get localCheckout(): LocalCheckout | undefined {
    return this.gateway.localCheckout;
  }

  now(): Date {
    return this.writes.now();
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
      recorded = await recordStripeEvent(this.writes.eventStore, event, now);
    } catch (error) {
      this.metrics.webhookReceived(
        error instanceof InvalidWebhookSignatureError ? 'invalid_signature' : 'failed',
      );
      throw error;
    }
    this.metrics.webhookReceived(event.handled ? 'recorded' : 'ignored');
    await this.fulfilment.settled(recorded);
  }

  /** The provider's session and what it offered (404 for a session unknown to both). */
  checkout(sessionId: string): Promise<KnownCheckout> {
    return knownCheckout(this.gateway, this.writes.eventStore, sessionId);
  }

  /** Reports a session the provider says is paid, then waits (bounded) for its fulfilment. */
  async reportPaid(sessionId: string, correlationId: string): Promise<void> {
    const reported = await this.writes.decide(
      checkoutStreamId(sessionId),
      checkoutDecider,
      { type: 'ReportCheckoutPaid', data: { sessionId } },
      {
        ...this.writes.metadata({ type: 'stripe', id: sessionId }, correlationId),
        causationId: sessionId,
      },
    );
    await this.fulfilment.settled(reported.position);
  }
}
