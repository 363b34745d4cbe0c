import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StripeNotices } from '../stripe-notices';
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
  constructor(private readonly notices: StripeNotices) {}

  async execute({
    sessionId,
    correlationId,
  }: ConfirmCheckoutCommand): Promise<CheckoutConfirmation> {
    const { session, offer } = await this.notices.checkout(sessionId);
    if (session.paymentStatus === 'paid') await this.notices.reportPaid(sessionId, correlationId);
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
