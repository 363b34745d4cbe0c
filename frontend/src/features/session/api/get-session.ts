import { queryOptions, useQuery } from '@tanstack/react-query';

import { getQueryFn } from '@/lib/api-client';

import type { User } from '../types';

export const SESSION_QUERY_KEY = ['/api/auth/me'] as const;

const fetchCurrentUser = getQueryFn<User>({ on401: 'returnNull' });

/**
 * Spec §4: a failed session check is only logged and the visitor is treated as signed out
 * (e.g. the auth endpoints answering 404 before they exist, or the backend being down).
 */
export async function fetchSession(
  context: Parameters<typeof fetchCurrentUser>[0],
): Promise<User | null> {
  try {
    return (await fetchCurrentUser(context)) ?? null;
  } catch (error) {
    console.warn('Session check failed; continuing signed out.', error);
    return null;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    // Checked once at start; later changes come from login, logout and registration.
    staleTime: Infinity,
    retry: false,
  });
}

export function useSession(): { user: User | null; isLoading: boolean } {
  const { data, isPending } = useQuery(sessionQueryOptions());
  return { user: data ?? null, isLoading: isPending };
}
