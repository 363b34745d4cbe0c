import type { BoostType } from '../../domain/boost/boost.decider';
import type { CheckoutKind } from '../../domain/payment/checkout.decider';

export class StartBoostCheckoutCommand {
  constructor(
    readonly userId: string,
    readonly boostType: BoostType,
    /** A post checkout: the boost applies itself to this post on payment. */
    readonly postId: string | null,
    /** The client's network, for the per-address limit. */
    readonly clientKey: string,
    readonly correlationId: string,
  ) {}
}

export class StartDonationCheckoutCommand {
  constructor(
    readonly amount: number,
    readonly userId: string | null,
    readonly clientKey: string,
    readonly correlationId: string,
  ) {}
}

export class IngestStripeWebhookCommand {
  constructor(
    readonly rawBody: Buffer,
    readonly signature: string | undefined,
  ) {}
}

export class ConfirmCheckoutCommand {
  constructor(
    readonly sessionId: string,
    readonly correlationId: string,
  ) {}
}

export class ApplyBoostCommand {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly correlationId: string,
  ) {}
}

export class GetUnclaimedBoostsQuery {
  constructor(readonly userId: string) {}
}

export class GetPostBoostQuery {
  constructor(
    readonly postId: string,
    readonly viewerId: string | null,
  ) {}
}

/** The local checkout's Pay button (no Stripe key configured). */
export class PayLocalCheckoutCommand {
  constructor(readonly sessionId: string) {}
}

export interface CheckoutConfirmation {
  status: 'paid' | 'unpaid' | 'expired';
  kind: CheckoutKind;
  boostType: BoostType | null;
  postId: string | null;
  /** Cents. */
  amount: number;
}
