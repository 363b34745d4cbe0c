import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { boostDecider, boostStreamId } from '../../../domain/boost/boost.decider';
import { type CheckoutOffer, confirmationOf } from '../../../domain/payment/checkout.decider';
import { StreamWrites } from '../../shared/stream-writes';
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
  constructor(
    private readonly notices: StripeNotices,
    private readonly writes: StreamWrites,
  ) {}

  async execute(command: ConfirmCheckoutCommand): Promise<CheckoutConfirmation> {
    const { boostId, ...confirmation } = await this.confirm(command);
    return { ...confirmation, appliedToPost: await this.appliedTo(confirmation, boostId) };
  }

  /**
   * Whether a paid post checkout's boost runs on its post: the fulfilment leaves it unused on
   * the account when the post could not take it (gone, off the leaderboard, boosted meanwhile).
   */
  private async appliedTo(
    { status, postId }: Omit<Answer, 'boostId'>,
    boostId: string | null,
  ): Promise<boolean | null> {
    if (status !== 'paid' || postId === null || boostId === null) return null;
    const { state } = await this.writes.load(boostDecider, boostStreamId(boostId));
    if (state.status === 'unclaimed') return false;
    if (state.status === 'active' || state.status === 'expired') return state.postId === postId;
    // Not fulfilled yet, or refunded before it was applied.
    return null;
  }

  private async confirm({ sessionId, correlationId }: ConfirmCheckoutCommand): Promise<Answer> {
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

/** How the checkout stands, with the boost it bought (where that went is asked apart). */
type Answer = Omit<CheckoutConfirmation, 'appliedToPost'> & { boostId: string | null };

function answer(
  status: CheckoutConfirmation['status'],
  offer: CheckoutOffer,
  amount: number,
  receiptUrl: string | null | undefined,
): Answer {
  return {
    status,
    kind: offer.kind,
    boostType: offer.boostType,
    postId: offer.postId,
    amount,
    receiptUrl: status === 'paid' ? (receiptUrl ?? null) : null,
    boostId: offer.boostId,
  };
}
