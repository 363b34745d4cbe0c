import { assertNever, type Decider } from '../shared/decider';
import { ForbiddenError } from '../shared/errors';
import type { DomainEvent } from '../shared/event';

/**
 * One stream per buyer (`payment-account-<userId>`): an open payment dispute suspends the
 * account's boost purchases until an admin decides (the policy: accounts may be suspended
 * during a chargeback or payment dispute).
 */
export const PURCHASES_SUSPENDED =
  'Boost purchases are suspended on this account while a payment dispute is open.';

export type BoostPurchasesSuspended = DomainEvent<
  'BoostPurchasesSuspended',
  { userId: string; stripeDisputeId: string; stripePaymentId: string }
>;
export type BoostPurchasesReinstated = DomainEvent<
  'BoostPurchasesReinstated',
  { userId: string; stripeDisputeId: string; adminId: string }
>;
export type PaymentAccountEvent = BoostPurchasesSuspended | BoostPurchasesReinstated;

export type PaymentAccountState = { openDisputes: string[]; settledDisputes: string[] };

export interface SuspendBoostPurchases {
  type: 'SuspendBoostPurchases';
  data: BoostPurchasesSuspended['data'];
}
export interface ReinstateBoostPurchases {
  type: 'ReinstateBoostPurchases';
  data: BoostPurchasesReinstated['data'];
}
/** Refuses with PURCHASES_SUSPENDED while a dispute is open; decides nothing otherwise. */
export interface CheckBoostPurchaseAllowed {
  type: 'CheckBoostPurchaseAllowed';
}
export type PaymentAccountCommand =
  SuspendBoostPurchases | ReinstateBoostPurchases | CheckBoostPurchaseAllowed;

export function paymentAccountStreamId(userId: string): string {
  return `payment-account-${userId}`;
}

export const paymentAccountDecider: Decider<
  PaymentAccountCommand,
  PaymentAccountState,
  PaymentAccountEvent
> = {
  initialState: { openDisputes: [], settledDisputes: [] },

  decide(command, state) {
    switch (command.type) {
      case 'SuspendBoostPurchases': {
        const id = command.data.stripeDisputeId;
        if (state.openDisputes.includes(id) || state.settledDisputes.includes(id)) return [];
        return [{ type: 'BoostPurchasesSuspended', data: command.data }];
      }
      case 'ReinstateBoostPurchases':
        return state.openDisputes.includes(command.data.stripeDisputeId)
          ? [{ type: 'BoostPurchasesReinstated', data: command.data }]
          : [];
      case 'CheckBoostPurchaseAllowed':
        if (state.openDisputes.length > 0) throw new ForbiddenError(PURCHASES_SUSPENDED);
        return [];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'BoostPurchasesSuspended':
        return { ...state, openDisputes: [...state.openDisputes, event.data.stripeDisputeId] };
      case 'BoostPurchasesReinstated':
        return {
          openDisputes: state.openDisputes.filter((id) => id !== event.data.stripeDisputeId),
          settledDisputes: [...state.settledDisputes, event.data.stripeDisputeId],
        };
      default:
        return assertNever(event);
    }
  },
};
