import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../domain/shared/errors';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { PAYMENTS, type PaymentGateway } from '../../ports/payments.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { UNKNOWN_CHECKOUT } from '../checkout-offer';
import { FulfilmentReactor } from '../fulfil-payment/fulfilment-reactor';
import { recordStripeEvent } from '../ingest-stripe-event/record-stripe-event';
import { PayLocalCheckoutCommand } from './pay-local-checkout.command';

@CommandHandler(PayLocalCheckoutCommand)
export class PayLocalCheckoutHandler implements ICommandHandler<
  PayLocalCheckoutCommand,
  { successUrl: string }
> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly fulfilment: FulfilmentReactor,
  ) {}

  async execute({ sessionId }: PayLocalCheckoutCommand): Promise<{ successUrl: string }> {
    const local = this.gateway.localCheckout;
    if (!local?.page(sessionId)) throw new NotFoundError(UNKNOWN_CHECKOUT);
    const now = this.clock.now();
    const delivery = local.pay(sessionId, now);
    // Through the very same signed path as a delivery from Stripe.
    const event = this.gateway.parseWebhook(delivery.body, delivery.signature);
    await this.fulfilment.settled(await recordStripeEvent(this.eventStore, event, now));
    return { successUrl: delivery.successUrl };
  }
}
