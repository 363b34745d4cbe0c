import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import type { Admin } from '../types';
import { ADMIN_SESSION_QUERY_KEY } from './admin-session';

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
