import type { BoostType, PaymentFacts } from '../boost/boost.decider';
import { assertNever, type Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/event';

/**
 * One stream per Checkout Session (`checkout-<sessionId>`): what was offered, and that it was
 * fulfilled. Stripe may announce a payment by several events and the return page asks too;
 * whichever comes first fulfils the session, the others find it done. A donation is recorded
 * on this stream itself; a boost on its own stream (`boost-<id>`, the id chosen here).
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
 * The return page found the session paid at the provider: the fulfilment reactor fulfils it
 * (the webhook may be late). Appended again by each return before the completion; harmless.
 */
export type CheckoutPaymentReported = DomainEvent<'CheckoutPaymentReported', { sessionId: string }>;
export type CheckoutEvent =
  CheckoutSessionCreated | CheckoutSessionCompleted | DonationReceived | CheckoutPaymentReported;

export type CheckoutState =
  | { status: 'unknown' }
  | { status: 'open'; offer: CheckoutOffer }
  | { status: 'completed'; offer: CheckoutOffer; payment: PaymentFacts };

export interface CreateCheckout {
  type: 'CreateCheckout';
  data: CheckoutOffer;
}
export interface CompleteCheckout {
  type: 'CompleteCheckout';
  /** The offer from the session's metadata, used when the stream has none (created elsewhere). */
  data: { offer: CheckoutOffer; payment: PaymentFacts; receiptEmail: string | null };
}
export interface ReportCheckoutPaid {
  type: 'ReportCheckoutPaid';
  data: { sessionId: string };
}
export type CheckoutCommand = CreateCheckout | CompleteCheckout | ReportCheckoutPaid;

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
      case 'ReportCheckoutPaid':
        return state.status === 'completed'
          ? []
          : [{ type: 'CheckoutPaymentReported', data: command.data }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CheckoutSessionCreated':
        return state.status === 'unknown' ? { status: 'open', offer: event.data } : state;
      case 'CheckoutSessionCompleted': {
        if (state.status !== 'open') return state;
        const { amount, currency, stripeSessionId, stripePaymentId, receiptUrl } = event.data;
        return {
          status: 'completed',
          offer: state.offer,
          payment: { amount, currency, stripeSessionId, stripePaymentId, receiptUrl },
        };
      }
      case 'DonationReceived':
      case 'CheckoutPaymentReported':
        return state;
      default:
        return assertNever(event);
    }
  },
};
