import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

/**
 * PUT /api/auth/update-password {currentPassword, newPassword}. The server keeps this session
 * and ends the account's others.
 */
export async function updatePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  await apiRequest('PUT', '/api/auth/update-password', { body: input });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
