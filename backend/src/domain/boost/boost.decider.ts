import { assertNever, type Decider } from '../shared/decider';
import { ConflictError, ForbiddenError } from '../shared/errors';
import type { CommandMetadata, DomainEvent } from '../shared/event';

/**
 * One stream per boost (`boost-<id>`): bought once, unclaimed on the account until applied to a
 * post, then running for its duration from the application. A refund withdraws an unclaimed
 * boost; an applied one runs out (the terms: no refund once active), the refund is recorded.
 */
export type BoostType = 'regular' | 'mega';

export const BOOST_PRICES: Record<BoostType, { amount: number; hours: number; name: string }> = {
  regular: { amount: 199, hours: 24, name: 'Regular Boost — 24 hours' },
  mega: { amount: 999, hours: 168, name: 'Mega Boost — 7 days' },
};
export const BOOST_CURRENCY = 'usd';

export const NO_UNUSED_BOOSTS = 'You have no unused boosts';
export const POST_ALREADY_BOOSTED = 'This post already has an active boost';
export const NOT_YOUR_POST = 'You can only boost your own posts';
export const POST_NOT_LISTED = 'A boost can start only on a post that is on the leaderboard';

/** Why a post can no longer be boosted: a moderator removed it, or its author deleted it. */
export type PostGone = 'post_removed' | 'post_deleted';

/** What a paid checkout says about the money, carried by every payment fact. */
export interface PaymentFacts {
  amount: number;
  currency: string;
  stripeSessionId: string;
  stripePaymentId: string | null;
  receiptUrl: string | null;
  /** The number on that receipt; events recorded before receipts were numbered lack it. */
  receiptNumber?: string | null;
}

export type BoostPurchased = DomainEvent<
  'BoostPurchased',
  PaymentFacts & {
    boostId: string;
    boostType: BoostType;
    userId: string;
    /** The post the checkout was for (applied at once), or null for an account boost. */
    postId: string | null;
    /** The receipt address given at checkout: personal data, sealed per user. */
    receiptEmail: string | null;
  }
>;
export type BoostApplied = DomainEvent<
  'BoostApplied',
  {
    boostId: string;
    boostType: BoostType;
    userId: string;
    postId: string;
    appliedAt: string;
    expiresAt: string;
  }
>;
/**
 * A boost ended: it ran its time, or (`cause`) its post was removed or deleted first, and then
 * `expiresAt` is when it ended. Events recorded before causes have none: they ran their time.
 */
export type BoostExpired = DomainEvent<
  'BoostExpired',
  { boostId: string; userId: string; postId: string; expiresAt: string; cause?: PostGone }
>;
export type BoostRefunded = DomainEvent<
  'BoostRefunded',
  PaymentFacts & {
    boostId: string;
    userId: string;
    postId: string | null;
    /** True when the boost was not applied yet and can no longer be. */
    withdrawn: boolean;
  }
>;
export type BoostEvent = BoostPurchased | BoostApplied | BoostExpired | BoostRefunded;

interface Bought {
  boostId: string;
  boostType: BoostType;
  userId: string;
  payment: PaymentFacts;
}

export type BoostState =
  | { status: 'none' }
  | ({ status: 'unclaimed' } & Bought)
  | ({ status: 'active'; postId: string; expiresAt: string; refunded: boolean } & Bought)
  | ({ status: 'expired'; postId: string } & Bought)
  | ({ status: 'withdrawn' } & Bought);

export interface PurchaseBoost {
  type: 'PurchaseBoost';
  data: BoostPurchased['data'];
  metadata: CommandMetadata;
}
export interface ApplyBoost {
  type: 'ApplyBoost';
  data: { postId: string; userId: string };
  metadata: CommandMetadata;
}
export interface ExpireBoost {
  type: 'ExpireBoost';
  metadata: CommandMetadata;
}
export interface RefundBoost {
  type: 'RefundBoost';
  data: PaymentFacts;
}
/** The boost's post is gone: a boost running on it ends now. */
export interface EndBoost {
  type: 'EndBoost';
  data: { postId: string; cause: PostGone };
  metadata: CommandMetadata;
}
export type BoostCommand = PurchaseBoost | ApplyBoost | ExpireBoost | EndBoost | RefundBoost;

export function boostStreamId(boostId: string): string {
  return `boost-${boostId}`;
}

export function boostExpiry(boostType: BoostType, appliedAt: Date): Date {
  return new Date(appliedAt.getTime() + BOOST_PRICES[boostType].hours * 3_600_000);
}

function applied(state: Bought, postId: string, now: Date): BoostApplied {
  return {
    type: 'BoostApplied',
    data: {
      boostId: state.boostId,
      boostType: state.boostType,
      userId: state.userId,
      postId,
      appliedAt: now.toISOString(),
      expiresAt: boostExpiry(state.boostType, now).toISOString(),
    },
  };
}

export const boostDecider: Decider<BoostCommand, BoostState, BoostEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'PurchaseBoost': {
        // A second announcement of the same payment (webhook and return page) changes nothing.
        if (state.status !== 'none') return [];
        const purchased: BoostPurchased = { type: 'BoostPurchased', data: command.data };
        if (command.data.postId === null) return [purchased];
        const bought = toBought(purchased);
        return [purchased, applied(bought, command.data.postId, command.metadata.now)];
      }
      case 'ApplyBoost': {
        if (state.status === 'none') throw new ConflictError(NO_UNUSED_BOOSTS);
        if (state.userId !== command.data.userId) throw new ForbiddenError(NOT_YOUR_POST);
        if (state.status !== 'unclaimed') throw new ConflictError(NO_UNUSED_BOOSTS);
        return [applied(state, command.data.postId, command.metadata.now)];
      }
      case 'ExpireBoost': {
        if (state.status !== 'active') return [];
        if (new Date(state.expiresAt) > command.metadata.now) return [];
        return [expired(state, state.expiresAt)];
      }
      case 'EndBoost': {
        if (state.status !== 'active' || state.postId !== command.data.postId) return [];
        const now = command.metadata.now;
        if (new Date(state.expiresAt) <= now) return [];
        return [expired(state, now.toISOString(), command.data.cause)];
      }
      case 'RefundBoost': {
        if (state.status === 'none' || state.status === 'withdrawn') return [];
        if (state.status === 'active' && state.refunded) return [];
        if (state.status === 'expired') return [];
        return [
          {
            type: 'BoostRefunded',
            data: {
              ...command.data,
              boostId: state.boostId,
              userId: state.userId,
              postId: state.status === 'active' ? state.postId : null,
              withdrawn: state.status === 'unclaimed',
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'BoostPurchased':
        return { status: 'unclaimed', ...toBought(event) };
      case 'BoostApplied':
        if (state.status !== 'unclaimed') return state;
        return {
          ...state,
          status: 'active',
          postId: event.data.postId,
          expiresAt: event.data.expiresAt,
          refunded: false,
        };
      case 'BoostExpired':
        if (state.status !== 'active') return state;
        return {
          status: 'expired',
          boostId: state.boostId,
          boostType: state.boostType,
          userId: state.userId,
          payment: state.payment,
          postId: state.postId,
        };
      case 'BoostRefunded':
        if (state.status === 'unclaimed') return { ...state, status: 'withdrawn' };
        if (state.status === 'active') return { ...state, refunded: true };
        return state;
      default:
        return assertNever(event);
    }
  },
};

/** The running boost ended at `at`: at its own end, or earlier for `cause`. */
function expired(state: Bought & { postId: string }, at: string, cause?: PostGone): BoostExpired {
  const { boostId, userId, postId } = state;
  return {
    type: 'BoostExpired',
    data: cause
      ? { boostId, userId, postId, expiresAt: at, cause }
      : { boostId, userId, postId, expiresAt: at },
  };
}

function toBought(event: BoostPurchased): Bought {
  const { boostId, boostType, userId, amount, currency, stripeSessionId } = event.data;
  return {
    boostId,
    boostType,
    userId,
    payment: {
      amount,
      currency,
      stripeSessionId,
      stripePaymentId: event.data.stripePaymentId,
      receiptUrl: event.data.receiptUrl,
    },
  };
}
