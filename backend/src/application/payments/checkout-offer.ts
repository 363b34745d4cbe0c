import type { BoostType } from '../../domain/boost/boost.decider';
import {
  type CheckoutOffer,
  type CheckoutState,
  checkoutDecider,
  checkoutStreamId,
  type PaymentConfirmation,
} from '../../domain/payment/checkout.decider';
import { NotFoundError } from '../../domain/shared/errors';
import {
  type CheckoutSession,
  type PaymentGateway,
  PaymentProviderUnavailableError,
} from '../ports/payments.port';
import type { Loaded } from '../shared/decider-runner';
import type { StreamWrites } from '../shared/stream-writes';

export const UNKNOWN_CHECKOUT = 'Checkout session not found';

/** A checkout as the provider holds it now, with what it offered. */
export interface KnownCheckout {
  session: CheckoutSession;
  offer: CheckoutOffer;
  checkout: Loaded<CheckoutState>;
}

/**
 * Asks the provider for the session (the source of truth: amount, payment, receipt) and reads
 * what it offered from its stream (`recorded`, when the caller has read it already), or from
 * the session's metadata for a session this app recorded nothing of; 404 for a session unknown
 * to either. One call to the provider: its answer, when paid, is recorded
 * (`CheckoutPaymentConfirmed`), so that nobody asks again.
 */
export async function knownCheckout(
  gateway: PaymentGateway,
  writes: Pick<StreamWrites, 'load'>,
  sessionId: string,
  recorded?: Loaded<CheckoutState>,
): Promise<KnownCheckout> {
  let session: CheckoutSession | null;
  try {
    session = await gateway.retrieveCheckoutSession(sessionId);
  } catch (error) {
    throw new PaymentProviderUnavailableError(error);
  }
  if (!session) throw new NotFoundError(UNKNOWN_CHECKOUT);
  const checkout = recorded ?? (await writes.load(checkoutDecider, checkoutStreamId(sessionId)));
  const offer = checkout.state.status === 'unknown' ? offerFrom(session) : checkout.state.offer;
  if (!offer) throw new NotFoundError(UNKNOWN_CHECKOUT);
  return { session, offer, checkout };
}

/** What a paid session bought and charged, as the provider said it, to record. */
export function paidConfirmation({ session, offer }: KnownCheckout): PaymentConfirmation {
  return {
    offer,
    payment: {
      amount: session.amountTotal,
      currency: session.currency,
      stripeSessionId: session.id,
      stripePaymentId: session.paymentId,
      receiptUrl: session.receiptUrl,
      receiptNumber: session.receiptNumber,
    },
    receiptEmail: session.email,
  };
}

/** The offer as the session's metadata carries it (set by this app when it was created). */
function offerFrom(session: CheckoutSession): CheckoutOffer | null {
  const m = session.metadata;
  if (m.kind === 'donation') {
    return {
      sessionId: session.id,
      kind: 'donation',
      amount: session.amountTotal,
      currency: session.currency,
      userId: m.userId || null,
      boostType: null,
      boostId: null,
      postId: null,
    };
  }
  if (
    m.kind === 'boost' &&
    (m.boostType === 'regular' || m.boostType === 'mega') &&
    m.boostId &&
    m.userId
  ) {
    return {
      sessionId: session.id,
      kind: 'boost',
      amount: session.amountTotal,
      currency: session.currency,
      userId: m.userId,
      boostType: m.boostType as BoostType,
      boostId: m.boostId,
      postId: m.postId || null,
    };
  }
  return null;
}
