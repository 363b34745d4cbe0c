import type { BoostType, PaymentFacts } from '../boost/boost.decider';
import { assertNever, type Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/event';

/**
 * One stream per Checkout Session (`checkout-<sessionId>`). Stripe may announce a payment by
 * several events and the return page asks too; whichever learns first that the session is paid
 * records what the provider said (`CheckoutPaymentConfirmed`), and the rest decide from that record
 * without asking the provider again. A donation is recorded here; a boost on its own stream
 * (`boost-<id>`, the id chosen here).
 */
export type CheckoutKind = 'boost' | 'donation';

export interface CheckoutOffer {
  sessionId: string;
  kind: CheckoutKind;
  amount: number;
  currency: string;
  /** Who bought (null: a visitor's donation). */
  userId: string | null;
  boostType: BoostType | null;
  /** The boost the payment buys, decided before payment. */
  boostId: string | null;
  /** A post checkout: the post the boost applies itself to. */
  postId: string | null;
}

export type CheckoutSessionCreated = DomainEvent<'CheckoutSessionCreated', CheckoutOffer>;
export type CheckoutSessionCompleted = DomainEvent<
  'CheckoutSessionCompleted',
  PaymentFacts & { kind: CheckoutKind; userId: string | null; boostId: string | null }
>;
export type DonationReceived = DomainEvent<
  'DonationReceived',
  PaymentFacts & { userId: string | null; receiptEmail: string | null }
>;
/**
 * Recorded by logs before `CheckoutPaymentConfirmed`: the return page found the session paid,
 * without saying what was paid (the fulfilment asks the provider for it). No longer decided.
 */
export type CheckoutPaymentReported = DomainEvent<'CheckoutPaymentReported', { sessionId: string }>;
/**
 * The provider answered that the session is paid, with what it charged: recorded once, by the
 * return page or the payments worker, whichever asked first. The fulfilment decides from it.
 */
export type CheckoutPaymentConfirmed = DomainEvent<
  'CheckoutPaymentConfirmed',
  PaymentConfirmation & {
    sessionId: string;
    /** Whose receipt address it is (the offer's buyer; null: a visitor's donation). */
    userId: string | null;
  }
>;
/**
 * The provider answered that the session is not paid (still open, expired) or does not know it
 * (another app's, on the same Stripe account): the Stripe events named are answered, with
 * nothing to fulfil.
 */
export type CheckoutFoundUnpaid = DomainEvent<
  'CheckoutFoundUnpaid',
  { sessionId: string; answer: 'open' | 'expired' | 'unknown'; stripeEventIds: string[] }
>;
export type CheckoutEvent =
  | CheckoutSessionCreated
  | CheckoutSessionCompleted
  | DonationReceived
  | CheckoutPaymentReported
  | CheckoutPaymentConfirmed
  | CheckoutFoundUnpaid;

/** What the provider said a paid session bought and charged: all the fulfilment needs. */
export interface PaymentConfirmation {
  offer: CheckoutOffer;
  payment: PaymentFacts;
  /** The address the buyer gave at checkout; kept only for a buyer with an account. */
  receiptEmail: string | null;
}

export type CheckoutState =
  | { status: 'unknown' }
  | { status: 'open'; offer: CheckoutOffer; confirmed: PaymentConfirmation | null }
  | {
      status: 'completed';
      offer: CheckoutOffer;
      payment: PaymentFacts;
      confirmed: PaymentConfirmation | null;
    };

export interface CreateCheckout {
  type: 'CreateCheckout';
  data: CheckoutOffer;
}
export interface CompleteCheckout {
  type: 'CompleteCheckout';
  /** The offer from the session's metadata, used when the stream has none (created elsewhere). */
  data: { offer: CheckoutOffer; payment: PaymentFacts; receiptEmail: string | null };
}
export interface ConfirmCheckoutPayment {
  type: 'ConfirmCheckoutPayment';
  data: PaymentConfirmation;
}
export interface RecordCheckoutUnpaid {
  type: 'RecordCheckoutUnpaid';
  data: CheckoutFoundUnpaid['data'];
}
export type CheckoutCommand =
  CreateCheckout | CompleteCheckout | ConfirmCheckoutPayment | RecordCheckoutUnpaid;

/** What the provider said about a paid session, if it has been recorded. */
export function confirmationOf(state: CheckoutState): PaymentConfirmation | null {
  return state.status === 'unknown' ? null : state.confirmed;
}

export function checkoutStreamId(sessionId: string): string {
  return `checkout-${sessionId}`;
}

export const checkoutDecider: Decider<CheckoutCommand, CheckoutState, CheckoutEvent> = {
  initialState: { status: 'unknown' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCheckout':
        return state.status === 'unknown'
          ? [{ type: 'CheckoutSessionCreated', data: command.data }]
          : [];
      case 'CompleteCheckout': {
        if (state.status === 'completed') return [];
        const offer = state.status === 'open' ? state.offer : command.data.offer;
        const { payment, receiptEmail } = command.data;
        const events: CheckoutEvent[] = [];
        if (state.status === 'unknown') {
          events.push({ type: 'CheckoutSessionCreated', data: offer });
        }
        events.push({
          type: 'CheckoutSessionCompleted',
          data: { ...payment, kind: offer.kind, userId: offer.userId, boostId: offer.boostId },
        });
        if (offer.kind === 'donation') {
          events.push({
            type: 'DonationReceived',
            // Without an account there is nobody to seal the address for: it is not kept.
            data: {
              ...payment,
              userId: offer.userId,
              receiptEmail: offer.userId ? receiptEmail : null,
            },
          });
        }
        return events;
      }
      case 'ConfirmCheckoutPayment': {
        // Once: a second answer (the return page and the worker asking at the same moment)
        // changes nothing the first did not say.
        if (confirmationOf(state)) return [];
        const { payment, receiptEmail } = command.data;
        const offer = state.status === 'unknown' ? command.data.offer : state.offer;
        const events: CheckoutEvent[] = [];
        // A session created elsewhere: its offer (from the session's metadata) recorded first.
        if (state.status === 'unknown') {
          events.push({ type: 'CheckoutSessionCreated', data: offer });
        }
        events.push({
          type: 'CheckoutPaymentConfirmed',
          data: {
            sessionId: offer.sessionId,
            userId: offer.userId,
            offer,
            payment,
            // Without an account there is nobody to seal the address for: it is not kept.
            receiptEmail: offer.userId ? receiptEmail : null,
          },
        });
        return events;
      }
      case 'RecordCheckoutUnpaid':
        return [{ type: 'CheckoutFoundUnpaid', data: command.data }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CheckoutSessionCreated':
        return state.status === 'unknown'
          ? { status: 'open', offer: event.data, confirmed: null }
          : state;
      case 'CheckoutSessionCompleted': {
        if (state.status !== 'open') return state;
        const { amount, currency, stripeSessionId, stripePaymentId, receiptUrl } = event.data;
        return {
          status: 'completed',
          offer: state.offer,
          payment: { amount, currency, stripeSessionId, stripePaymentId, receiptUrl },
          confirmed: state.confirmed,
        };
      }
      case 'CheckoutPaymentConfirmed': {
        const { offer, payment, receiptEmail } = event.data;
        const confirmed = { offer, payment, receiptEmail };
        return state.status === 'unknown'
          ? { status: 'open', offer, confirmed }
          : { ...state, confirmed: state.confirmed ?? confirmed };
      }
      case 'DonationReceived':
      case 'CheckoutPaymentReported':
      case 'CheckoutFoundUnpaid':
        return state;
      default:
        return assertNever(event);
    }
  },
};
