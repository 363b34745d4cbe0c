import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest, checkSession } from '@/lib/api-client';

import type { Admin } from '../types';

export const ADMIN_SESSION_QUERY_KEY = ['/api/rtm-sys/me'] as const;

/** GET /api/rtm-sys/me: the signed-in admin, or null. */
export function fetchAdminSession(signal?: AbortSignal): Promise<Admin | null> {
  return checkSession<Admin>('/api/rtm-sys/me', 'Admin session', signal);
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

/** POST /api/rtm-sys/login {username, password} → the admin; its own cookie is set. */
export async function adminLogin(credentials: {
  username: string;
  password: string;
}): Promise<Admin> {
  const res = await apiRequest('POST', '/api/rtm-sys/login', credentials);
  return (await res.json()) as Admin;
}

export async function adminLogout(): Promise<void> {
  await apiRequest('POST', '/api/rtm-sys/logout');
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (admin) => queryClient.setQueryData(ADMIN_SESSION_QUERY_KEY, admin),
  });
}

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogout,
    onSuccess: () => queryClient.setQueryData(ADMIN_SESSION_QUERY_KEY, null),
  });
}
