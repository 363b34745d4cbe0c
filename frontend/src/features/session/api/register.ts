import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import type { Credentials, User } from '../types';
import { setSignedInUser } from './session-cache';

/**
 * POST /api/auth/register {email, password} → the new user, already signed in; the server
 * mails the verification link.
 */
export async function register(credentials: Credentials): Promise<User> {
  const res = await apiRequest('POST', '/api/auth/register', credentials);
  return (await res.json()) as User;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSignedInUser(queryClient, user),
  });
}
