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
