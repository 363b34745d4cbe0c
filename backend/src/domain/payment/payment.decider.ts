import type { PaymentFacts } from '../boost/boost.decider';
import { assertNever, type Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/event';
import type { CheckoutKind } from './checkout.decider';

/**
 * One stream per Stripe payment (`payment-<PaymentIntent id>`): what it paid for, refunds and
 * disputes. Stripe may deliver a refund before the completion it refunds; whichever of the two
 * comes second finds the other here, so a refunded boost is withdrawn in either order.
 */
export interface PaidFor {
  kind: CheckoutKind;
  stripeSessionId: string;
  userId: string | null;
  boostId: string | null;
}

export type PaymentReceived = DomainEvent<'PaymentReceived', PaymentFacts & PaidFor>;
export type PaymentRefunded = DomainEvent<
  'PaymentRefunded',
  {
    stripePaymentId: string;
    stripeChargeId: string;
    /** Cents refunded so far in total. */
    amountRefunded: number;
    /**
     * Cents this refund adds (the new total less the one before), so a sum of refunds counts
     * each cent once. Older events lack it: their total is then the first refund's amount.
     */
    amount?: number;
    currency: string;
    receiptUrl: string | null;
  }
>;
export type PaymentDisputed = DomainEvent<
  'PaymentDisputed',
  {
    stripePaymentId: string;
    stripeDisputeId: string;
    amount: number;
    currency: string;
    reason: string;
  }
>;
export type PaymentEvent = PaymentReceived | PaymentRefunded | PaymentDisputed;

export interface PaymentState {
  paidFor: (PaidFor & PaymentFacts) | null;
  refunded: PaymentRefunded['data'] | null;
  disputes: string[];
}

export interface RecordPayment {
  type: 'RecordPayment';
  data: PaymentReceived['data'];
}
export interface RecordRefund {
  type: 'RecordRefund';
  data: Omit<PaymentRefunded['data'], 'amount'>;
}
export interface RecordDispute {
  type: 'RecordDispute';
  data: PaymentDisputed['data'];
}
export type PaymentCommand = RecordPayment | RecordRefund | RecordDispute;

export function paymentStreamId(stripePaymentId: string): string {
  return `payment-${stripePaymentId}`;
}

export const paymentDecider: Decider<PaymentCommand, PaymentState, PaymentEvent> = {
  initialState: { paidFor: null, refunded: null, disputes: [] },

  decide(command, state) {
    switch (command.type) {
      case 'RecordPayment':
        return state.paidFor ? [] : [{ type: 'PaymentReceived', data: command.data }];
      case 'RecordRefund':
        // A partial refund followed by more: each new total is a fact; a redelivery is not.
        if (state.refunded && state.refunded.amountRefunded >= command.data.amountRefunded) {
          return [];
        }
        return [
          {
            type: 'PaymentRefunded',
            data: {
              ...command.data,
              amount: command.data.amountRefunded - (state.refunded?.amountRefunded ?? 0),
            },
          },
        ];
      case 'RecordDispute':
        return state.disputes.includes(command.data.stripeDisputeId)
          ? []
          : [{ type: 'PaymentDisputed', data: command.data }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PaymentReceived':
        return { ...state, paidFor: event.data };
      case 'PaymentRefunded':
        return { ...state, refunded: event.data };
      case 'PaymentDisputed':
        return { ...state, disputes: [...state.disputes, event.data.stripeDisputeId] };
      default:
        return assertNever(event);
    }
  },
};
