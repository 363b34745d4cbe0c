import { ApiProperty } from '@nestjs/swagger';
import {
  type BoostState,
  boostState,
  type PersonRef,
} from '../../application/moderation/admin-reads';
import type { AdminDocument } from '../../projections/admins/admins.projection';
import type { AuditDocument } from '../../projections/audit/audit.projection';
import type { BoostDocument } from '../../projections/boosts/boosts.projection';
import type {
  DisputeStatus,
  PaymentFactDocument,
  PaymentFactKind,
} from '../../projections/payments/payments.projection';
import type { CommentDocument } from '../../projections/comments/comments.projection';
import type { PostDocument } from '../../projections/posts/posts.projection';
import type { ReportDocument } from '../../projections/reports/reports.projection';
import type { UserDocument } from '../../projections/users/users.projection';

export class PersonResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'Display name, or the anonymous username' })
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  email!: string | null;
}

export class AdminPostResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ type: PersonResponse, nullable: true }) author!: PersonResponse | null;
  @ApiProperty() imageUrl!: string;
  @ApiProperty() thumbnailUrl!: string;
  @ApiProperty({ type: Number, nullable: true }) averageRating!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The AI’s overall score' })
  aiRating!: number | null;
  @ApiProperty() voteCount!: number;
  @ApiProperty() likesCount!: number;
  @ApiProperty() commentsCount!: number;
  @ApiProperty() isPublic!: boolean;
  @ApiProperty() isModerated!: boolean;
  @ApiProperty({ description: 'On the public boards' }) listed!: boolean;
  @ApiProperty() removed!: boolean;
  @ApiProperty({ type: String, nullable: true }) removalReason!: string | null;
  @ApiProperty({ description: 'Hidden by reports until reviewed' }) autoHidden!: boolean;
  @ApiProperty() authorBanned!: boolean;
  @ApiProperty() pendingReports!: number;
  @ApiProperty({ type: [String] }) moderationFlags!: string[];
  @ApiProperty({ type: String, enum: ['regular', 'mega'], nullable: true })
  boostType!: 'regular' | 'mega' | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export function toAdminPost(post: PostDocument, author: PersonRef | null): AdminPostResponse {
  return {
    id: post._id,
    userId: post.authorId,
    author,
    imageUrl: post.imageUrl,
    thumbnailUrl: post.thumbnailUrl,
    averageRating: post.averageRating,
    aiRating: post.ai?.overall ?? null,
    voteCount: post.voteCount,
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    isPublic: post.isPublic,
    isModerated: post.isModerated,
    listed: post.listed,
    removed: post.removed === true,
    removalReason: post.removalReason ?? null,
    autoHidden: post.autoHidden === true,
    authorBanned: post.authorBanned === true,
    pendingReports: post.pendingReports ?? 0,
    moderationFlags: post.moderationFlags ?? [],
    boostType: post.boostType ?? null,
    createdAt: post.createdAt,
  };
}

export class AdminCommentResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) postId!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) parentCommentId!: string | null;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ type: PersonResponse, nullable: true }) author!: PersonResponse | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Null once its author erased the account',
  })
  text!: string | null;
  @ApiProperty() likesCount!: number;
  @ApiProperty({ description: 'Its author is banned' }) hidden!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export function toAdminComment(c: CommentDocument, author: PersonRef | null): AdminCommentResponse {
  return {
    id: c._id,
    postId: c.postId,
    parentCommentId: c.parentCommentId,
    userId: c.authorId,
    author,
    text: c.text ?? null,
    likesCount: c.likesCount,
    hidden: c.hidden === true,
    createdAt: c.createdAt,
  };
}

export class AdminReportResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) postId!: string;
  @ApiProperty({ type: AdminPostResponse, nullable: true }) post!: AdminPostResponse | null;
  @ApiProperty({ type: PersonResponse, nullable: true }) reporter!: PersonResponse | null;
  @ApiProperty({ type: PersonResponse, nullable: true, description: 'The post’s author' })
  author!: PersonResponse | null;
  @ApiProperty({ format: 'uuid' }) reporterId!: string;
  @ApiProperty({ format: 'uuid' }) authorId!: string;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty({ enum: ['pending', 'reviewed', 'dismissed'] })
  status!: 'pending' | 'reviewed' | 'dismissed';
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) reviewedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The reviewing admin’s username' })
  reviewedBy!: string | null;
  @ApiProperty() hidePost!: boolean;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
}

export function toAdminReport(
  report: ReportDocument,
  post: AdminPostResponse | null,
  people: Map<string, PersonRef>,
  admins: Map<string, string>,
): AdminReportResponse {
  return {
    id: report._id,
    postId: report.postId,
    post,
    reporter: people.get(report.reporterId) ?? null,
    author: people.get(report.authorId) ?? null,
    reporterId: report.reporterId,
    authorId: report.authorId,
    reason: report.reason ?? null,
    status: report.status,
    createdAt: report.createdAt,
    reviewedAt: report.reviewedAt,
    reviewedBy: report.reviewedBy ? (admins.get(report.reviewedBy) ?? report.reviewedBy) : null,
    hidePost: report.hidePost,
    note: report.note,
  };
}

export class AdminUserResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: String, nullable: true }) anonymousUsername!: string | null;
  @ApiProperty({ type: String, nullable: true }) displayUsername!: string | null;
  @ApiProperty() isAdmin!: boolean;
  @ApiProperty() emailVerified!: boolean;
  @ApiProperty({ enum: ['active', 'suspended', 'banned'] })
  status!: 'active' | 'suspended' | 'banned';
  @ApiProperty({ type: String, nullable: true }) statusReason!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export function toAdminUser(user: UserDocument): AdminUserResponse {
  return {
    id: user._id,
    email: user.email ?? null,
    anonymousUsername: user.anonymousUsername ?? null,
    displayUsername: user.displayUsername ?? null,
    isAdmin: user.isAdmin === true,
    emailVerified: user.emailVerified === true,
    status: user.status ?? 'active',
    statusReason: user.statusReason ?? null,
    createdAt: user.createdAt,
  };
}

export class AdminAccountResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ enum: ['active', 'disabled'] }) status!: 'active' | 'disabled';
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastSignedInAt!: string | null;
}

export function toAdminAccount(admin: AdminDocument): AdminAccountResponse {
  return {
    id: admin._id,
    username: admin.username,
    status: admin.status ?? 'active',
    createdAt: admin.createdAt,
    lastSignedInAt: admin.lastSignedInAt,
  };
}

export class AuditEntryResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ enum: ['admin', 'system', 'stripe', 'user', 'visitor'] }) actorType!: string;
  @ApiProperty() actorId!: string;
  @ApiProperty({ description: 'The admin’s username, when the actor is an admin' })
  actorName!: string;
  @ApiProperty({ description: 'The event type, e.g. `UserBanned`' }) kind!: string;
  @ApiProperty({ enum: ['post', 'comment', 'report', 'user', 'admin', 'boost', 'payment'] })
  targetType!: string;
  @ApiProperty() targetId!: string;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What changed' })
  changes!: Record<string, unknown>;
}

export function toAuditEntry(
  entry: AuditDocument,
  admins: Map<string, string>,
): AuditEntryResponse {
  return {
    id: entry._id,
    at: entry.at,
    actorType: entry.actorType,
    actorId: entry.actorId,
    actorName:
      entry.actorType === 'admin' ? (admins.get(entry.actorId) ?? entry.actorId) : entry.actorId,
    kind: entry.kind,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason,
    changes: entry.changes,
  };
}

const pageFields = () => {
  class PageFields {
    @ApiProperty() total!: number;
    @ApiProperty() page!: number;
    @ApiProperty() pageSize!: number;
  }
  return PageFields;
};

export class AdminPostPage extends pageFields() {
  @ApiProperty({ type: [AdminPostResponse] }) items!: AdminPostResponse[];
}
export class AdminCommentPage extends pageFields() {
  @ApiProperty({ type: [AdminCommentResponse] }) items!: AdminCommentResponse[];
}
export class AdminReportPage extends pageFields() {
  @ApiProperty({ type: [AdminReportResponse] }) items!: AdminReportResponse[];
}
export class AdminUserPage extends pageFields() {
  @ApiProperty({ type: [AdminUserResponse] }) items!: AdminUserResponse[];
}
export class AdminAccountPage extends pageFields() {
  @ApiProperty({ type: [AdminAccountResponse] }) items!: AdminAccountResponse[];
}
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

export function toAdminBoost(
  boost: BoostDocument,
  buyer: PersonRef | null,
  now: Date,
): AdminBoostResponse {
  return {
    id: boost._id,
    boostType: boost.boostType,
    state: boostState(boost, now),
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

export function toAdminPayment(
  fact: PaymentFactDocument,
  user: PersonRef | null,
  admins: Map<string, string>,
): AdminPaymentResponse {
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
    resolvedBy: fact.resolvedBy ? (admins.get(fact.resolvedBy) ?? fact.resolvedBy) : null,
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
export class AuditPage extends pageFields() {
  @ApiProperty({ type: [AuditEntryResponse] }) items!: AuditEntryResponse[];
}

export class DashboardCountsResponse {
  @ApiProperty({ description: 'Posts pending review' }) pendingPosts!: number;
  @ApiProperty() pendingReports!: number;
  @ApiProperty() users!: number;
  @ApiProperty({ description: 'Boosts running now' })
  boosts!: number;
}

export class StatisticsRowResponse {
  @ApiProperty() uploads!: number;
  @ApiProperty() ratings!: number;
  @ApiProperty() posts!: number;
  @ApiProperty() users!: number;
  @ApiProperty() likes!: number;
  @ApiProperty() comments!: number;
  @ApiProperty() reports!: number;
  @ApiProperty() boostsSold!: number;
  @ApiProperty({ description: 'Cents' }) boostRevenue!: number;
  @ApiProperty() donations!: number;
  @ApiProperty({ description: 'Cents' }) donationRevenue!: number;
  @ApiProperty() refunds!: number;
  @ApiProperty({ description: 'Cents' }) refundedAmount!: number;
}

export class StatisticsDayResponse extends StatisticsRowResponse {
  @ApiProperty({ example: '2026-11-22' }) day!: string;
}

export class StatisticsWeekResponse extends StatisticsRowResponse {
  @ApiProperty({ example: '2026-W47' }) week!: string;
}

export class StatisticsResponse {
  @ApiProperty() from!: string;
  @ApiProperty() to!: string;
  @ApiProperty({ type: [StatisticsDayResponse] }) days!: StatisticsDayResponse[];
  @ApiProperty({ type: [StatisticsWeekResponse] }) weeks!: StatisticsWeekResponse[];
}
