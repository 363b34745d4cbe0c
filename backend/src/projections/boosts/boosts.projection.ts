import type {
  BoostApplied,
  BoostExpired,
  BoostPurchased,
  BoostRefunded,
  BoostType,
  PostGone,
} from '../../domain/boost/boost.decider';
import type { RecordedEvent } from '../../domain/shared/event';
import type { Projection } from '../projection';
import type { ReadDocument } from '../read-model';

export const BOOSTS = 'boosts';

export type BoostStatus = 'unclaimed' | 'active' | 'expired' | 'withdrawn';

/**
 * A boost as its buyer and the post page see it. `status` says what the events said; a reader
 * still treats an `active` boost whose `expiresAt` has passed as expired (the expiry worker may
 * not have appended BoostExpired yet).
 */
export interface BoostDocument extends ReadDocument {
  boostType: BoostType;
  userId: string;
  postId: string | null;
  status: BoostStatus;
  /** Cents paid. */
  amount: number;
  currency: string;
  createdAt: string;
  appliedAt: string | null;
  expiresAt: string | null;
  stripeSessionId: string;
  stripePaymentId: string | null;
  receiptUrl: string | null;
  refunded: boolean;
  /** A boost that ended before its time: its post was removed or deleted (else absent or null). */
  endedBy?: PostGone | null;
}

type Handled =
  | RecordedEvent<'BoostPurchased', BoostPurchased['data']>
  | RecordedEvent<'BoostApplied', BoostApplied['data']>
  | RecordedEvent<'BoostExpired', BoostExpired['data']>
  | RecordedEvent<'BoostRefunded', BoostRefunded['data']>;

export const boostsProjection: Projection<BoostDocument> = {
  collection: BOOSTS,
  handles: ['BoostPurchased', 'BoostApplied', 'BoostExpired', 'BoostRefunded'],
  indexes: [
    // A user's unclaimed boosts, oldest first (the next one applied is the oldest).
    { keys: { userId: 1, status: 1, createdAt: 1 } },
    // A post's running boost.
    { keys: { postId: 1, status: 1 } },
    // The expiry worker's walk: running boosts by expiry.
    { keys: { status: 1, expiresAt: 1 } },
    // The back office's list: every boost newest first, or those of one state.
    { keys: { createdAt: -1 } },
    { keys: { status: 1, createdAt: -1 } },
    { keys: { refunded: 1, createdAt: -1 } },
  ],

  documentId(event) {
    const data = event.data as { boostId?: unknown } | null;
    return typeof data?.boostId === 'string' ? data.boostId : null;
  },

  apply(boost, recorded) {
    const event = recorded as Handled;
    if (event.type === 'BoostPurchased') {
      if (boost) return boost;
      const data = event.data;
      return {
        _id: data.boostId,
        boostType: data.boostType,
        userId: data.userId,
        postId: null,
        status: 'unclaimed',
        amount: data.amount,
        currency: data.currency,
        createdAt: recorded.metadata.at,
        appliedAt: null,
        expiresAt: null,
        stripeSessionId: data.stripeSessionId,
        stripePaymentId: data.stripePaymentId,
        receiptUrl: data.receiptUrl,
        refunded: false,
      };
    }
    if (!boost) return null;
    switch (event.type) {
      case 'BoostApplied':
        return boost.status === 'unclaimed'
          ? {
              ...boost,
              status: 'active',
              postId: event.data.postId,
              appliedAt: event.data.appliedAt,
              expiresAt: event.data.expiresAt,
            }
          : boost;
      case 'BoostExpired':
        // A boost whose post went first ended then, not at the end it was bought for.
        return boost.status === 'active'
          ? {
              ...boost,
              status: 'expired',
              expiresAt: event.data.cause ? event.data.expiresAt : boost.expiresAt,
              endedBy: event.data.cause ?? null,
            }
          : boost;
      case 'BoostRefunded':
        return {
          ...boost,
          refunded: true,
          status: event.data.withdrawn && boost.status === 'unclaimed' ? 'withdrawn' : boost.status,
          receiptUrl: event.data.receiptUrl ?? boost.receiptUrl,
        };
      default:
        return boost;
    }
  },
};
