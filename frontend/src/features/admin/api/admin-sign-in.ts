import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson, apiRequest } from '@/lib/api-client';

import type { Admin } from '../types';
import { ADMIN_SESSION_QUERY_KEY } from './admin-session';

/** POST /api/rtm-sys/login {username, password} → the admin; its own cookie is set. */
export async function adminLogin(credentials: {
  username: string;
  password: string;
}): Promise<Admin> {
  return apiJson('POST', '/api/rtm-sys/login', { body: credentials });
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
