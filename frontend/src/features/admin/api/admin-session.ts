import { queryOptions, useQuery } from '@tanstack/react-query';

import { checkSession } from '@/lib/api-client';

import type { Admin } from '../types';

export const ADMIN_SESSION_QUERY_KEY = ['/api/rtm-sys/me'] as const;

/** GET /api/rtm-sys/me: the signed-in admin, or null. */
export function fetchAdminSession(signal?: AbortSignal): Promise<Admin | null> {
  return checkSession('/api/rtm-sys/me', 'Admin session', signal);
}

/**
 * GET /api/rtm-sys/me, stored as the admin. Like the user session it is checked once; unlike
 * it, signing in or out touches no other cached data (spec §4). A failed check counts as signed
 * out, which sends the browser to the sign-in page.
 */
export function adminSessionQueryOptions() {
  return queryOptions({
    queryKey: ADMIN_SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchAdminSession(signal),
  });
}

export function useAdminSession(): { admin: Admin | null; isLoading: boolean } {
  const { data, isPending } = useQuery(adminSessionQueryOptions());
  return { admin: data ?? null, isLoading: isPending };
}
