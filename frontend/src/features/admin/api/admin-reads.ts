import type { QueryClient } from '@tanstack/react-query';

import type { Schema } from '@/lib/api/schema';

import type { ListSearch } from '../list-search';
import { adminReadOptions } from './admin-api';

/**
 * The query options of every admin read, shared by the admin routes' loaders and their pages:
 * each names the answer's schema from the api's document and the defaults its page shows.
 */

/** Spec §2 dashboard counts (the tabs above Posts, Reports, Boosts and Users). */
export const dashboardQueryOptions = () =>
  adminReadOptions<Schema<'DashboardCountsResponse'>>('/dashboard');

export const adminPostsQueryOptions = (search: ListSearch) =>
  adminReadOptions<Schema<'AdminPostPage'>>('/posts', {
    filter: search.filter ?? 'pending',
    page: search.page,
  });

/** The held posts (not public until approved), the longest waiting first. */
export const heldPostsQueryOptions = (search: ListSearch) =>
  adminReadOptions<Schema<'HeldPostPage'>>('/held-posts', { page: search.page });

export const adminPostQueryOptions = (id: string) =>
  adminReadOptions<Schema<'AdminPostResponse'>>(`/posts/${encodeURIComponent(id)}`);

export const adminReportsQueryOptions = (search: ListSearch) =>
  adminReadOptions<Schema<'AdminReportPage'>>('/reports', {
    status: search.status ?? 'pending',
    page: search.page,
  });

/** The reports of one post still waiting for a moderator, for the admin post view. */
export const adminPostReportsQueryOptions = (postId: string) =>
  adminReadOptions<Schema<'AdminReportPage'>>('/reports', {
    postId,
    status: 'pending',
    pageSize: 100,
  });

export const adminCommentsQueryOptions = (search: ListSearch) =>
  adminReadOptions<Schema<'AdminCommentPage'>>('/comments', {
    search: search.search,
    page: search.page,
  });

export const adminUsersQueryOptions = (search: ListSearch) =>
  adminReadOptions<Schema<'AdminUserPage'>>('/users', {
    search: search.search,
    status: search.status ?? 'all',
    page: search.page,
  });

/** The audit log's filters (the CSV export takes the same). */
export const auditFilters = (search: ListSearch) => ({
  actor: search.actor,
  kind: search.kind,
  target: search.target,
  from: search.from,
  to: search.to,
});

export const auditQueryOptions = (search: ListSearch) =>
  adminReadOptions<Schema<'AuditPage'>>('/audit', { ...auditFilters(search), page: search.page });

export const adminBoostsQueryOptions = (search: ListSearch) =>
  adminReadOptions<Schema<'AdminBoostPage'>>('/boosts', {
    status: search.status ?? 'all',
    userId: search.user,
    page: search.page,
  });

export const adminPaymentsQueryOptions = (search: ListSearch) =>
  adminReadOptions<Schema<'AdminPaymentPage'>>('/payments', {
    kind: search.kind,
    disputeStatus: search.filter,
    userId: search.user,
    page: search.page,
  });

export const adminAccountsQueryOptions = (search: ListSearch) =>
  adminReadOptions<Schema<'AdminAccountPage'>>('/admins', { page: search.page });

export const adminClustersQueryOptions = (search: ListSearch) =>
  adminReadOptions<Schema<'AdminClusterPage'>>('/clusters', { page: search.page });

export const adminClusterQueryOptions = (id: string) =>
  adminReadOptions<Schema<'AdminClusterDetailResponse'>>(`/clusters/${encodeURIComponent(id)}`);

export const statisticsQueryOptions = () =>
  adminReadOptions<Schema<'StatisticsResponse'>>('/statistics');

/**
 * What an admin route's loader starts: its read and, on the dashboard's pages, the counts. A
 * prefetch, not `ensureQueryData`: a refused or failed read is shown inside the page (the
 * table's alert), as when a later page fails, not by a route error page.
 */
export async function prefetchAdminPage<T>(
  queryClient: QueryClient,
  read: ReturnType<typeof adminReadOptions<T>>,
  { dashboard }: { dashboard: boolean },
): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(read),
    dashboard ? queryClient.prefetchQuery(dashboardQueryOptions()) : undefined,
  ]);
}

/** An account's strikes (with their causes) and posting suspensions. */
export const userStrikesQueryOptions = (userId: string) =>
  adminReadOptions<Schema<'UserStrikesResponse'>>(`/users/${encodeURIComponent(userId)}/strikes`);
