import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import type { Credentials, User } from '../types';
import { setSignedInUser } from './session-cache';

/** POST /api/auth/login {email, password} → the user; the session cookie is set. */
export async function login(credentials: Credentials): Promise<User> {
  const res = await apiRequest('POST', '/api/auth/login', credentials);
  return (await res.json()) as User;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSignedInUser(queryClient, user),
  });
}
