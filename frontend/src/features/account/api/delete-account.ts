import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

/**
 * DELETE /api/user {password}: erases the signed-in account for good. The server ends every
 * session and clears the cookie; the screens then sign out locally.
 */
export async function deleteAccount(password: string): Promise<void> {
  await apiRequest('DELETE', '/api/user', { body: { password } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
