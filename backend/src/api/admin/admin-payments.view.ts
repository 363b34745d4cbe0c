import { ApiProperty } from '@nestjs/swagger';
import type { PaymentRow } from '../../application/moderation/admin-reads';
import type {
  BoostRow,
  BoostState,
} from '../../application/moderation/list-boosts/list-boosts.query';
import type {
  DisputeStatus,
  PaymentFactKind,
} from '../../application/moderation/list-payments/list-payments.query';
import { pageFields, PersonResponse } from './admin-shared.view';

export class AdminBoostResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  boostType!: 'regular' | 'mega';
  /**
   * unclaimed: bought, not applied; active: running on its post; expired: ran out; withdrawn:
   * refunded before it was applied
   */
  @ApiProperty({ enum: ['unclaimed', 'active', 'expired', 'withdrawn'] })
  state!: BoostState;
  /** A refund was recorded (an active boost still runs out) */
  refunded!: boolean;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  buyer!: PersonResponse | null;
  @ApiProperty({ type: String, format: 'uuid' }) postId!: string | null;
  /** Cents paid */
  amount!: number;
  @ApiProperty({ example: 'usd' }) currency!: string;
  /** Bought */
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time' }) appliedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) expiresAt!: string | null;
  stripePaymentId!: string | null;
  /** Stripe gave a receipt (GET boosts/{id}/receipt) */
  hasReceipt!: boolean;
}

export function toAdminBoost({ boost, state, buyer }: BoostRow): AdminBoostResponse {
  return {
    id: boost._id,
    boostType: boost.boostType,
    state,
    refunded: boost.refunded,
    userId: boost.userId,
    buyer,
    postId: boost.postId,
    amount: boost.amount,
    currency: boost.currency,
    createdAt: boost.createdAt,
    appliedAt: boost.appliedAt,
    expiresAt: boost.expiresAt,
    stripePaymentId: boost.stripePaymentId,
    hasReceipt: Boolean(boost.receiptUrl),
  };
}

export class ReceiptResponse {
  /** The charge’s receipt on Stripe (open it in a new tab) */
  receiptUrl!: string;
}

export class AdminPaymentResponse {
  /** The fact’s id (a dispute’s is `dispute-<Stripe dispute id>`) */
  id!: string;
  kind!: PaymentFactKind;
  @ApiProperty({ format: 'date-time' }) at!: string;
  /** Cents: paid, refunded by this refund, or disputed */
  amount!: number;
  @ApiProperty({ example: 'usd' }) currency!: string;
  @ApiProperty({ type: String, format: 'uuid' }) userId!: string | null;
  user!: PersonResponse | null;
  boostId!: string | null;
  @ApiProperty({ type: String, enum: ['regular', 'mega'] })
  boostType!: string | null;
  postId!: string | null;
  stripePaymentId!: string | null;
  stripeDisputeId!: string | null;
  /** The Stripe event that told of it */
  stripeEventId!: string | null;
  /** A refund: the refunded total after it */
  refundedTotal!: number | null;
  /** A dispute: Stripe’s reason */
  reason!: string | null;
  disputeStatus!: DisputeStatus | null;
  /** The admin who decided */
  resolvedBy!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) resolvedAt!: string | null;
  resolutionReason!: string | null;
}

export function toAdminPayment({ fact, user, resolvedBy }: PaymentRow): AdminPaymentResponse {
  return {
    id: fact._id,
    kind: fact.kind,
    at: fact.at,
    amount: fact.amount,
    currency: fact.currency,
    userId: fact.userId,
    user,
    boostId: fact.boostId,
    boostType: fact.boostType,
    postId: fact.postId,
    stripePaymentId: fact.stripePaymentId,
    stripeDisputeId: fact.stripeDisputeId,
    stripeEventId: fact.stripeEventId,
    refundedTotal: fact.refundedTotal,
    reason: fact.reason,
    disputeStatus: fact.disputeStatus,
    resolvedBy,
    resolvedAt: fact.resolvedAt,
    resolutionReason: fact.resolutionReason,
  };
}

export class AdminBoostPage extends pageFields() {
  items!: AdminBoostResponse[];
}
export class AdminPaymentPage extends pageFields() {
  items!: AdminPaymentResponse[];
}
