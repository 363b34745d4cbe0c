import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import type { Credentials, User } from '../types';
import { setSignedInUser } from './session-cache';

/** POST /api/auth/login {email, password} → the user; the session cookie is set. */
export async function login(credentials: Credentials): Promise<User> {
  return apiJson('POST', '/api/auth/login', { body: credentials });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSignedInUser(queryClient, user),
  });
}
