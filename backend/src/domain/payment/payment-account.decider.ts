import { assertNever, type Decider } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
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
export const DISPUTE_NOT_FOUND = 'Dispute not found';
export const DISPUTE_ALREADY_RESOLVED = 'This dispute has already been resolved';

export type BoostPurchasesReinstated = DomainEvent<
  'BoostPurchasesReinstated',
  { userId: string; stripeDisputeId: string; adminId: string; reason?: string | null }
>;
/** An admin looked at the dispute and kept the suspension (a later lift is still possible). */
export type BoostPurchasesSuspensionKept = DomainEvent<
  'BoostPurchasesSuspensionKept',
  { userId: string; stripeDisputeId: string; adminId: string; reason: string | null }
>;
export type PaymentAccountEvent =
  BoostPurchasesSuspended | BoostPurchasesReinstated | BoostPurchasesSuspensionKept;

export type PaymentAccountState = {
  openDisputes: string[];
  settledDisputes: string[];
  /** Open disputes whose suspension an admin decided to keep. */
  keptDisputes?: string[];
};

export interface SuspendBoostPurchases {
  type: 'SuspendBoostPurchases';
  data: BoostPurchasesSuspended['data'];
}
export interface ReinstateBoostPurchases {
  type: 'ReinstateBoostPurchases';
  data: BoostPurchasesReinstated['data'];
}
/**
 * An admin's decision on a dispute that suspended the account: lift the suspension or keep it.
 * 404 for a dispute that never suspended this account, 409 once lifted or already kept.
 */
export interface ResolveDispute {
  type: 'ResolveDispute';
  data: {
    userId: string;
    stripeDisputeId: string;
    adminId: string;
    liftSuspension: boolean;
    reason: string | null;
  };
}
/** Refuses with PURCHASES_SUSPENDED while a dispute is open; decides nothing otherwise. */
export interface CheckBoostPurchaseAllowed {
  type: 'CheckBoostPurchaseAllowed';
}
export type PaymentAccountCommand =
  SuspendBoostPurchases | ReinstateBoostPurchases | ResolveDispute | CheckBoostPurchaseAllowed;

export function paymentAccountStreamId(userId: string): string {
  return `payment-account-${userId}`;
}

export const paymentAccountDecider: Decider<
  PaymentAccountCommand,
  PaymentAccountState,
  PaymentAccountEvent
> = {
  initialState: { openDisputes: [], settledDisputes: [], keptDisputes: [] },

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
      case 'ResolveDispute': {
        const { liftSuspension, ...data } = command.data;
        const id = data.stripeDisputeId;
        if (state.settledDisputes.includes(id)) throw new ConflictError(DISPUTE_ALREADY_RESOLVED);
        if (!state.openDisputes.includes(id)) throw new NotFoundError(DISPUTE_NOT_FOUND);
        if (liftSuspension) return [{ type: 'BoostPurchasesReinstated', data }];
        if ((state.keptDisputes ?? []).includes(id)) {
          throw new ConflictError(DISPUTE_ALREADY_RESOLVED);
        }
        return [{ type: 'BoostPurchasesSuspensionKept', data }];
      }
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
          keptDisputes: (state.keptDisputes ?? []).filter(
            (id) => id !== event.data.stripeDisputeId,
          ),
        };
      case 'BoostPurchasesSuspensionKept':
        return {
          ...state,
          keptDisputes: [...(state.keptDisputes ?? []), event.data.stripeDisputeId],
        };
      default:
        return assertNever(event);
    }
  },
};
