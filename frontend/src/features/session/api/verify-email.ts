import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import type { User } from '../types';
import { asUser, clearSessionUser, setSignedInUser } from './session-cache';

/** Thrown when the server answers OK without a user (spec §8 'Invalid response from server'). */
export class InvalidVerificationResponseError extends Error {
  constructor() {
    super('Invalid response from server');
    this.name = 'InvalidVerificationResponseError';
  }
}

/** POST /api/auth/verify-email {token} → the user with emailVerified true. */
export async function verifyEmail(token: string): Promise<User> {
  const res = await apiRequest('POST', '/api/auth/verify-email', { token });
  const user = asUser(await res.json().catch(() => null));
  if (!user) throw new InvalidVerificationResponseError();
  return user;
}

/**
 * Spec §4: success sets the session user (and refreshes cached data); an error clears the
 * session user.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (user) => setSignedInUser(queryClient, user),
    onError: () => clearSessionUser(queryClient),
  });
}
