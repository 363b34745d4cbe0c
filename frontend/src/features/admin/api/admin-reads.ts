import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

import type { ListSearch } from '../list-search';
import { adminReadOptions } from './admin-api';

/**
 * The query options of every admin read, shared by the admin routes' loaders and their pages:
 * each names its path in the api's document (which types its answer) and the defaults its page
 * shows.
 */

/**
 * A list filter from the page's address, sent as it stands: the server refuses a value it does
 * not know, and the page shows its message.
 */
const asSent = <Allowed extends string>(value: string | undefined) => value as Allowed | undefined;

/** Spec §2 dashboard counts (the tabs above Posts, Reports, Boosts and Users). */
export const dashboardQueryOptions = () => adminReadOptions('/api/rtm-sys/dashboard');

export const adminPostsQueryOptions = (search: ListSearch) =>
  adminReadOptions('/api/rtm-sys/posts', {
    query: {
      filter: asSent(search.filter ?? 'pending'),
      page: search.page,
    },
  });

/** The held posts (not public until approved), the longest waiting first. */
export const heldPostsQueryOptions = (search: ListSearch) =>
  adminReadOptions('/api/rtm-sys/held-posts', { query: { page: search.page } });

export const adminPostQueryOptions = (id: string) =>
  adminReadOptions('/api/rtm-sys/posts/{id}', { path: { id } });

export const adminReportsQueryOptions = (search: ListSearch) =>
  adminReadOptions<'/api/rtm-sys/reports'>('/api/rtm-sys/reports', {
    query: {
      status: asSent(search.status ?? 'pending'),
      page: search.page,
    },
  });

/** The reports of one post still waiting for a moderator, for the admin post view. */
export const adminPostReportsQueryOptions = (postId: string) =>
  adminReadOptions<'/api/rtm-sys/reports'>('/api/rtm-sys/reports', {
    query: {
      postId,
      status: 'pending',
      pageSize: 100,
    },
  });

export const adminCommentsQueryOptions = (search: ListSearch) =>
  adminReadOptions('/api/rtm-sys/comments', {
    query: {
      search: search.search,
      page: search.page,
    },
  });

export const adminUsersQueryOptions = (search: ListSearch) =>
  adminReadOptions<'/api/rtm-sys/users'>('/api/rtm-sys/users', {
    query: {
      search: search.search,
      status: asSent(search.status ?? 'all'),
      page: search.page,
    },
  });

/** The audit log's filters (the CSV export takes the same). */
export const auditFilters = (search: ListSearch) => ({
  actor: search.actor,
  kind: asSent(search.kind),
  target: search.target,
  from: search.from,
  to: search.to,
});

export const auditQueryOptions = (search: ListSearch) =>
  adminReadOptions<'/api/rtm-sys/audit'>('/api/rtm-sys/audit', {
    query: { ...auditFilters(search), page: search.page },
  });

export const adminBoostsQueryOptions = (search: ListSearch) =>
  adminReadOptions<'/api/rtm-sys/boosts'>('/api/rtm-sys/boosts', {
    query: {
      status: asSent(search.status ?? 'all'),
      userId: search.user,
      page: search.page,
    },
  });

export const adminPaymentsQueryOptions = (search: ListSearch) =>
  adminReadOptions<'/api/rtm-sys/payments'>('/api/rtm-sys/payments', {
    query: {
      kind: asSent(search.kind),
      disputeStatus: asSent(search.filter),
      userId: search.user,
      page: search.page,
    },
  });

export const adminAccountsQueryOptions = (search: ListSearch) =>
  adminReadOptions('/api/rtm-sys/admins', { query: { page: search.page } });

export const adminClustersQueryOptions = (search: ListSearch) =>
  adminReadOptions('/api/rtm-sys/clusters', { query: { page: search.page } });

export const adminClusterQueryOptions = (id: string) =>
  adminReadOptions('/api/rtm-sys/clusters/{id}', { path: { id } });

export const statisticsQueryOptions = () => adminReadOptions('/api/rtm-sys/statistics');

/**
 * What an admin route's loader starts: its read and, on the dashboard's pages, the counts. A
 * prefetch, not `ensureQueryData`: a refused or failed read is shown inside the page (the
 * table's alert), as when a later page fails, not by a route error page.
 */
export async function prefetchAdminPage<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  read: FetchQueryOptions<Data, Error, Data, Key>,
  { dashboard }: { dashboard: boolean },
): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(read),
    dashboard ? queryClient.prefetchQuery(dashboardQueryOptions()) : undefined,
  ]);
}

/** An account's strikes (with their causes) and posting suspensions. */
export const userStrikesQueryOptions = (userId: string) =>
  adminReadOptions('/api/rtm-sys/users/{id}/strikes', { path: { id: userId } });
