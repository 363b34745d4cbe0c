import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import { clearSession } from './session-cache';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

/** Spec §4: on logout all cached server data is cleared and the session becomes empty. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => clearSession(queryClient),
  });
}
