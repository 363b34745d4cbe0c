import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiJson, type HttpMethod } from '@/lib/api-client';

/** A page of an admin list, as every /api/rtm-sys list answers it. */
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PersonRef {
  id: string;
  name: string;
  email: string | null;
}

export interface AdminPost {
  id: string;
  userId: string;
  author: PersonRef | null;
  imageUrl: string;
  thumbnailUrl: string;
  averageRating: number | null;
  aiRating: number | null;
  voteCount: number;
  likesCount: number;
  commentsCount: number;
  isPublic: boolean;
  isModerated: boolean;
  listed: boolean;
  removed: boolean;
  removalReason: string | null;
  autoHidden: boolean;
  authorBanned: boolean;
  pendingReports: number;
  moderationFlags: string[];
  boostType: 'regular' | 'mega' | null;
  createdAt: string;
}

export interface AdminComment {
  id: string;
  postId: string;
  parentCommentId: string | null;
  userId: string;
  author: PersonRef | null;
  text: string | null;
  likesCount: number;
  hidden: boolean;
  createdAt: string;
}

export interface AdminReport {
  id: string;
  postId: string;
  post: AdminPost | null;
  reporter: PersonRef | null;
  author: PersonRef | null;
  reason: string | null;
  status: 'pending' | 'reviewed' | 'dismissed';
  createdAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  hidePost: boolean;
  note: string | null;
}

export interface AdminUser {
  id: string;
  email: string | null;
  anonymousUsername: string | null;
  displayUsername: string | null;
  isAdmin: boolean;
  emailVerified: boolean;
  status: 'active' | 'suspended' | 'banned';
  statusReason: string | null;
  createdAt: string;
}

export interface AdminAccount {
  id: string;
  username: string;
  status: 'active' | 'disabled';
  createdAt: string;
  lastSignedInAt: string | null;
}

export interface AuditEntry {
  id: string;
  at: string;
  actorType: string;
  actorId: string;
  actorName: string;
  kind: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  changes: Record<string, unknown>;
}

export interface StatisticsRow {
  uploads: number;
  ratings: number;
  posts: number;
  users: number;
  likes: number;
  comments: number;
  reports: number;
  boostsSold: number;
  boostRevenue: number;
  donations: number;
  donationRevenue: number;
  refunds: number;
  refundedAmount: number;
}

export interface Statistics {
  from: string;
  to: string;
  days: (StatisticsRow & { day: string })[];
  weeks: (StatisticsRow & { week: string })[];
}

export interface DashboardCounts {
  pendingPosts: number;
  pendingReports: number;
  users: number;
  /** Boosts running now. */
  boosts: number;
}

export type BoostState = 'unclaimed' | 'active' | 'expired' | 'withdrawn';

export interface AdminBoost {
  id: string;
  boostType: 'regular' | 'mega';
  state: BoostState;
  refunded: boolean;
  userId: string;
  buyer: PersonRef | null;
  postId: string | null;
  /** Cents. */
  amount: number;
  currency: string;
  createdAt: string;
  appliedAt: string | null;
  expiresAt: string | null;
  stripePaymentId: string | null;
  hasReceipt: boolean;
}

export type PaymentKind = 'purchase' | 'donation' | 'refund' | 'dispute';
export type DisputeStatus = 'open' | 'suspended' | 'kept' | 'lifted';

export interface AdminPayment {
  id: string;
  kind: PaymentKind;
  at: string;
  /** Cents: paid, refunded by this refund, or disputed. */
  amount: number;
  currency: string;
  userId: string | null;
  user: PersonRef | null;
  boostId: string | null;
  boostType: string | null;
  postId: string | null;
  stripePaymentId: string | null;
  stripeDisputeId: string | null;
  stripeEventId: string | null;
  refundedTotal: number | null;
  reason: string | null;
  disputeStatus: DisputeStatus | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  resolutionReason: string | null;
}

export const ADMIN_API = '/api/rtm-sys';

/** `path?key=value…` without the empty values. */
export function withQuery(path: string, params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return `${ADMIN_API}${path}${text ? `?${text}` : ''}`;
}

/** GET of an admin list or document, keyed by its address; the previous page stays shown. */
export function useAdminQuery<T>(path: string, params: Record<string, unknown> = {}) {
  const url = withQuery(path, params);
  return useQuery({
    queryKey: ['admin', url],
    queryFn: ({ signal }) => apiGet<T>(url, signal),
    placeholderData: keepPreviousData,
  });
}

/** An admin action; every admin list is fetched again after it. */
export function useAdminAction<Vars>(
  request: (vars: Vars) => { method: HttpMethod; path: string; body?: unknown },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars) => {
      const { method, path, body } = request(vars);
      return apiJson<unknown>(method, `${ADMIN_API}${path}`, body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
