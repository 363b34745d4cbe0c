import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkoutDecider, checkoutStreamId } from '../../../domain/payment/checkout.decider';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { PAYMENTS, type PaymentGateway } from '../../ports/payments.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { runDecider } from '../../shared/decider-runner';
import { knownCheckout } from '../checkout-offer';
import { FulfilmentReactor } from '../fulfil-payment/fulfilment-reactor';
import { type CheckoutConfirmation, ConfirmCheckoutCommand } from './confirm-checkout.command';

/**
 * The return page asks the provider how its session stands. A paid session not yet fulfilled
 * (the webhook is late) is reported in the log for the fulfilment reactor, and the answer waits
 * for the fulfilment, so the buyer sees the purchase at once. Both paths fulfil once.
 */
@CommandHandler(ConfirmCheckoutCommand)
export class ConfirmCheckoutHandler implements ICommandHandler<
  ConfirmCheckoutCommand,
  CheckoutConfirmation
> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly fulfilment: FulfilmentReactor,
  ) {}

  async execute({
    sessionId,
    correlationId,
  }: ConfirmCheckoutCommand): Promise<CheckoutConfirmation> {
    const { session, offer } = await knownCheckout(this.gateway, this.eventStore, sessionId);
    if (session.paymentStatus === 'paid') {
      const reported = await runDecider(
        this.eventStore,
        checkoutDecider,
        checkoutStreamId(sessionId),
        { type: 'ReportCheckoutPaid', data: { sessionId } },
        {
          actor: { type: 'stripe', id: sessionId },
          now: this.clock.now(),
          correlationId,
          causationId: sessionId,
        },
      );
      await this.fulfilment.settled(reported.position);
    }
    return {
      status:
        session.paymentStatus === 'paid'
          ? 'paid'
          : session.status === 'expired'
            ? 'expired'
            : 'unpaid',
      kind: offer.kind,
      boostType: offer.boostType,
      postId: offer.postId,
      amount: session.amountTotal || offer.amount,
    };
  }
}
