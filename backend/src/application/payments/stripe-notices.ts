import { Inject, Injectable } from '@nestjs/common';
import { checkoutDecider, checkoutStreamId } from '../../domain/payment/checkout.decider';
import { PAYMENTS, type LocalCheckout, type PaymentGateway } from '../ports/payments.port';
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
  ) {}

  /** The checkout this app serves itself where Stripe is not configured, if it is. */
  get localCheckout(): LocalCheckout | undefined {
    return this.gateway.localCheckout;
  }

  now(): Date {
    return this.writes.now();
  }

  /** Verifies and records a delivery, then waits (bounded) for its fulfilment. */
  async receive(rawBody: Buffer, signature: string | undefined, now = this.now()): Promise<void> {
    const event = this.gateway.parseWebhook(rawBody, signature);
    await this.fulfilment.settled(await recordStripeEvent(this.writes.eventStore, event, now));
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
