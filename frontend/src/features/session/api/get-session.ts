import { queryOptions, useQuery } from '@tanstack/react-query';

import { checkSession } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';

import type { User } from '../types';

export const SESSION_QUERY_KEY = ['/api/auth/me'] as const;

/**
 * GET /api/auth/session: the signed-in user, or null (204 No Content when signed out, so a
 * signed-out visitor's page view makes no failed request the browser would log as an error;
 * GET /api/auth/me answers 401 instead). Spec §4: a failed session check is only logged and the
 * visitor is treated as signed out. The cache key stays that of the user the app holds.
 */
export function fetchSession(signal?: AbortSignal): Promise<User | null> {
  return checkSession('/api/auth/session', 'Session', signal);
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    // Checked once at start (the client's defaults: never stale, no retry); later changes come
    // from login, logout and registration.
  });
}

/**
 * While React hydrates a server-rendered page (drawn for a visitor), every part of it sees a
 * visitor, whenever it hydrates: the session may have come in meanwhile (hydrate-page.ts).
 */
export function useSession(): { user: User | null; isLoading: boolean } {
  const { data = null, isPending } = useQuery(sessionQueryOptions());
  return useHydrated() ? { user: data, isLoading: isPending } : { user: null, isLoading: false };
}
