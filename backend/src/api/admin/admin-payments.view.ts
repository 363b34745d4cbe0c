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
  @ApiProperty({ enum: ['regular', 'mega'] }) boostType!: 'regular' | 'mega';
  @ApiProperty({
    enum: ['unclaimed', 'active', 'expired', 'withdrawn'],
    description:
      'unclaimed: bought, not applied; active: running on its post; expired: ran out; withdrawn: refunded before it was applied',
  })
  state!: BoostState;
  @ApiProperty({ description: 'A refund was recorded (an active boost still runs out)' })
  refunded!: boolean;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ type: PersonResponse, nullable: true }) buyer!: PersonResponse | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) postId!: string | null;
  @ApiProperty({ description: 'Cents paid' }) amount!: number;
  @ApiProperty({ example: 'usd' }) currency!: string;
  @ApiProperty({ format: 'date-time', description: 'Bought' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) appliedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) stripePaymentId!: string | null;
  @ApiProperty({ description: 'Stripe gave a receipt (GET boosts/{id}/receipt)' })
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
  @ApiProperty({ description: 'The charge’s receipt on Stripe (open it in a new tab)' })
  receiptUrl!: string;
}

export class AdminPaymentResponse {
  @ApiProperty({ description: 'The fact’s id (a dispute’s is `dispute-<Stripe dispute id>`)' })
  id!: string;
  @ApiProperty({ enum: ['purchase', 'donation', 'refund', 'dispute'] }) kind!: PaymentFactKind;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ description: 'Cents: paid, refunded by this refund, or disputed' })
  amount!: number;
  @ApiProperty({ example: 'usd' }) currency!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) userId!: string | null;
  @ApiProperty({ type: PersonResponse, nullable: true }) user!: PersonResponse | null;
  @ApiProperty({ type: String, nullable: true }) boostId!: string | null;
  @ApiProperty({ type: String, enum: ['regular', 'mega'], nullable: true })
  boostType!: string | null;
  @ApiProperty({ type: String, nullable: true }) postId!: string | null;
  @ApiProperty({ type: String, nullable: true }) stripePaymentId!: string | null;
  @ApiProperty({ type: String, nullable: true }) stripeDisputeId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The Stripe event that told of it' })
  stripeEventId!: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'A refund: the refunded total after it',
  })
  refundedTotal!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'A dispute: Stripe’s reason' })
  reason!: string | null;
  @ApiProperty({ type: String, enum: ['open', 'suspended', 'kept', 'lifted'], nullable: true })
  disputeStatus!: DisputeStatus | null;
  @ApiProperty({ type: String, nullable: true, description: 'The admin who decided' })
  resolvedBy!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) resolvedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) resolutionReason!: string | null;
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
  @ApiProperty({ type: [AdminBoostResponse] }) items!: AdminBoostResponse[];
}
export class AdminPaymentPage extends pageFields() {
  @ApiProperty({ type: [AdminPaymentResponse] }) items!: AdminPaymentResponse[];
}
