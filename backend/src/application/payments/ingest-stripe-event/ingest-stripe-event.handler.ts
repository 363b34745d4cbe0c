import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { PAYMENTS, type PaymentGateway } from '../../ports/payments.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { FulfilmentReactor } from '../fulfil-payment/fulfilment-reactor';
import { IngestStripeWebhookCommand } from './ingest-stripe-event.command';
import { recordStripeEvent } from './record-stripe-event';

/**
 * The webhook: verifies the delivery and reads it (the adapter), records it, and answers once
 * the fulfilment reactor has acted on it (bounded: the answer never depends on it).
 */
@CommandHandler(IngestStripeWebhookCommand)
export class IngestStripeWebhookHandler implements ICommandHandler<IngestStripeWebhookCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
    private readonly fulfilment: FulfilmentReactor,
  ) {}

  async execute({ rawBody, signature }: IngestStripeWebhookCommand): Promise<void> {
    const event = this.gateway.parseWebhook(rawBody, signature);
    const position = await recordStripeEvent(this.eventStore, event, this.clock.now());
    await this.fulfilment.settled(position);
  }
}
