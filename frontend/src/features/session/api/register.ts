import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import type { Credentials, User } from '../types';
import { refreshSession } from './session-cache';

/**
 * POST /api/auth/register {email, password} → the new user, already signed in; the server
 * mails the verification link. An address that has an account already answers the same way
 * without signing anyone in (its owner is mailed instead), so the session is asked again rather
 * than taken from the answer: the header never shows an account that is not there.
 */
export async function register(credentials: Credentials): Promise<User> {
  return apiJson('POST', '/api/auth/register', { body: credentials });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: () => refreshSession(queryClient),
  });
}
