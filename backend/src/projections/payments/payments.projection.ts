import type { RecordedEvent } from '../../domain/shared/event';
import { amountCents } from '../audit/audit.projection';
import type { Projection } from '../projection';
import type { ReadDocument } from '../read-model';

export const PAYMENTS = 'payments';

export type PaymentFactKind = 'purchase' | 'donation' | 'refund' | 'dispute';
export const PAYMENT_FACT_KINDS: readonly PaymentFactKind[] = [
  'purchase',
  'donation',
  'refund',
  'dispute',
];
/**
 * A dispute's course: `open` (no account to suspend: a visitor's donation, or the payment not
 * known yet), `suspended` (the buyer's boost purchases are), `kept` (an admin kept the
 * suspension), `lifted` (an admin lifted it).
 */
export type DisputeStatus = 'open' | 'suspended' | 'kept' | 'lifted';
export const DISPUTE_STATUSES: readonly DisputeStatus[] = ['open', 'suspended', 'kept', 'lifted'];

/**
 * The payments list of the back office: one document per money fact Stripe told us of (a boost
 * bought, a donation, each refund, each dispute), so each appears once. A dispute's document
 * (`dispute-<id>`) also follows the suspension it caused and an admin's decision.
 */
export interface PaymentFactDocument extends ReadDocument {
  kind: PaymentFactKind;
  at: string;
  /** Log position, zero-padded: orders facts of the same millisecond. */
  seq: string;
  /** Cents: paid, refunded by this refund, or disputed. */
  amount: number;
  currency: string;
  /** The buyer or donor (null: a visitor's donation, or a refund or dispute not yet tied). */
  userId: string | null;
  boostId: string | null;
  boostType: string | null;
  postId: string | null;
  stripePaymentId: string | null;
  stripeSessionId: string | null;
  stripeDisputeId: string | null;
  /** The Stripe event that told us (the actor of the fact), when Stripe did. */
  stripeEventId: string | null;
  /** The provider's receipt of a purchase or donation (absent from documents built earlier). */
  receiptUrl?: string | null;
  /** A refund: the payment's refunded total after it. */
  refundedTotal: number | null;
  /** A dispute: Stripe's reason. */
  reason: string | null;
  disputeStatus: DisputeStatus | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  resolutionReason: string | null;
}

export const PAYMENTS_SORT = { at: -1, seq: -1 } as const;

const DISPUTE_EVENTS = new Set([
  'PaymentDisputed',
  'BoostPurchasesSuspended',
  'BoostPurchasesReinstated',
  'BoostPurchasesSuspensionKept',
]);

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function fact(event: RecordedEvent, kind: PaymentFactKind): PaymentFactDocument {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const actor = event.metadata.actor;
  return {
    _id: event.id,
    kind,
    at: event.metadata.at,
    seq: event.position.toString().padStart(20, '0'),
    amount: amountCents(event.type, data) ?? 0,
    currency: str(data.currency) ?? 'usd',
    userId: str(data.userId),
    boostId: str(data.boostId),
    boostType: str(data.boostType),
    postId: str(data.postId),
    stripePaymentId: str(data.stripePaymentId),
    stripeSessionId: str(data.stripeSessionId),
    stripeDisputeId: str(data.stripeDisputeId),
    stripeEventId: actor?.type === 'stripe' ? actor.id : null,
    receiptUrl: kind === 'purchase' || kind === 'donation' ? str(data.receiptUrl) : null,
    refundedTotal:
      kind === 'refund' && typeof data.amountRefunded === 'number' ? data.amountRefunded : null,
    reason: kind === 'dispute' ? str(data.reason) : null,
    disputeStatus: kind === 'dispute' ? 'open' : null,
    resolvedBy: null,
    resolvedAt: null,
    resolutionReason: null,
  };
}

export const paymentsProjection: Projection<PaymentFactDocument> = {
  collection: PAYMENTS,
  handles: ['BoostPurchased', 'DonationReceived', 'PaymentRefunded', ...DISPUTE_EVENTS],
  indexes: [
    { keys: PAYMENTS_SORT },
    { keys: { kind: 1, ...PAYMENTS_SORT } },
    { keys: { userId: 1, ...PAYMENTS_SORT } },
    { keys: { disputeStatus: 1, ...PAYMENTS_SORT } },
  ],

  documentId(event) {
    if (!DISPUTE_EVENTS.has(event.type)) return event.id;
    const disputeId = str((event.data as Record<string, unknown> | null)?.stripeDisputeId);
    return disputeId ? `dispute-${disputeId}` : null;
  },

  apply(existing, event) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    switch (event.type) {
      case 'BoostPurchased':
        return existing ?? fact(event, 'purchase');
      case 'DonationReceived':
        return existing ?? fact(event, 'donation');
      case 'PaymentRefunded':
        return existing ?? fact(event, 'refund');
      case 'PaymentDisputed':
        return (
          existing ?? { ...fact(event, 'dispute'), _id: `dispute-${str(data.stripeDisputeId)}` }
        );
    }
    if (!existing) return null;
    switch (event.type) {
      case 'BoostPurchasesSuspended':
        return {
          ...existing,
          userId: str(data.userId) ?? existing.userId,
          disputeStatus: existing.disputeStatus === 'open' ? 'suspended' : existing.disputeStatus,
        };
      case 'BoostPurchasesSuspensionKept':
      case 'BoostPurchasesReinstated':
        return {
          ...existing,
          disputeStatus: event.type === 'BoostPurchasesReinstated' ? 'lifted' : 'kept',
          resolvedBy: str(data.adminId),
          resolvedAt: event.metadata.at,
          resolutionReason: str(data.reason),
        };
      default:
        return existing;
    }
  },
};
