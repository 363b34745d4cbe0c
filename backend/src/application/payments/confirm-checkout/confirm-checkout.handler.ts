import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CheckoutOffer, confirmationOf } from '../../../domain/payment/checkout.decider';
import { StripeNotices } from '../stripe-notices';
import { type CheckoutConfirmation, ConfirmCheckoutCommand } from './confirm-checkout.command';

/**
 * The return page: how the checkout stands. What the log holds answers it when it can (the
 * session completed, or the provider's answer recorded by the webhook's worker); otherwise the
 * provider is asked, and a paid session's answer is recorded for the fulfilment, whose result
 * the answer waits for, so the buyer sees the purchase at once. The provider is asked once per
 * purchase by whichever comes first: this page or the payments worker.
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
    const recorded = await this.notices.recorded(sessionId);
    const { state } = recorded;
    if (state.status === 'completed')
      return answer('paid', state.offer, state.payment.amount, state.payment.receiptUrl);
    const confirmed = confirmationOf(state);
    if (confirmed) {
      await this.notices.settled(recorded.confirmedAt);
      return answer(
        'paid',
        confirmed.offer,
        confirmed.payment.amount,
        confirmed.payment.receiptUrl,
      );
    }
    const { session, offer } = await this.notices.ask(sessionId, correlationId, recorded);
    const status =
      session.paymentStatus === 'paid'
        ? 'paid'
        : session.status === 'expired'
          ? 'expired'
          : 'unpaid';
    return answer(
      status,
      offer,
      session.amountTotal || offer.amount,
      status === 'paid' ? session.receiptUrl : null,
    );
  }
}

function answer(
  status: CheckoutConfirmation['status'],
  offer: CheckoutOffer,
  amount: number,
  receiptUrl: string | null | undefined,
): CheckoutConfirmation {
  return {
    status,
    kind: offer.kind,
    boostType: offer.boostType,
    postId: offer.postId,
    amount,
    receiptUrl: status === 'paid' ? (receiptUrl ?? null) : null,
  };
}
