import type { Schema } from '@/lib/api/schema';

/** The admin session (spec §3: has username; the whole /me answer is kept). */
export type Admin = Schema<'AdminResponse'>;

/** A page of an admin list, as every /api/rtm-sys list answers it. */
export type AdminPage<T> = Omit<Schema<'AuditPage'>, 'items'> & { items: T[] };

export type AdminPost = Schema<'AdminPostResponse'>;
export type HeldPost = Schema<'HeldPostResponse'>;
export type AdminComment = Schema<'AdminCommentResponse'>;
export type AdminReport = Schema<'AdminReportResponse'>;
export type AdminUser = Schema<'AdminUserResponse'>;
export type AdminAccount = Schema<'AdminAccountResponse'>;
export type AuditEntry = Schema<'AuditEntryResponse'>;
/** The event types the audit log lists (the api's `AuditKind` enum). */
export type AuditKind = Schema<'AuditKind'>;
/** Amounts in cents. */
export type AdminBoost = Schema<'AdminBoostResponse'>;
/** Cents: paid, refunded by this refund, or disputed. */
export type AdminPayment = Schema<'AdminPaymentResponse'>;
/** A burst of sign-ups from one network, and the votes that did not count. */
export type AdminCluster = Schema<'AdminClusterResponse'>;
export type HeldVote = Schema<'HeldVoteResponse'>;
/** One day's or one week's figures, without its date. */
export type StatisticsRow = Omit<Schema<'StatisticsDayResponse'>, 'day'>;
