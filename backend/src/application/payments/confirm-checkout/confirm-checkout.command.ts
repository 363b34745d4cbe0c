import { Command } from '@nestjs/cqrs';
import type { BoostType } from '../../../domain/boost/boost.decider';
import type { CheckoutKind } from '../../../domain/payment/checkout.decider';

export interface CheckoutConfirmation {
  status: 'paid' | 'unpaid' | 'expired';
  kind: CheckoutKind;
  boostType: BoostType | null;
  postId: string | null;
  /** Cents. */
  amount: number;
  /**
   * The paid charge's receipt, when the provider has one: the session id is the payer's key
   * to it (the same key the provider's return address carries), signed in or not.
   */
  receiptUrl: string | null;
  /**
   * A paid post checkout: whether its boost runs on the post (false: the post could not take it,
   * and it waits unused on the account); null otherwise, or while it is not fulfilled yet.
   */
  appliedToPost: boolean | null;
}

/** The return page: how the checkout stands, fulfilled first when it is paid. */
export class ConfirmCheckoutCommand extends Command<CheckoutConfirmation> {
  constructor(
    readonly sessionId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
