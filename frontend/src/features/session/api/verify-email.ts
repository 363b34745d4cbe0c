import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiRequest } from '@/lib/api-client';

import type { User } from '../types';
import { asUser, clearSessionUser, setSignedInUser } from './session-cache';
import type { Schema } from '@/lib/api/schema';

/** Thrown when the server answers OK without a user (spec §8 'Invalid response from server'). */
export class InvalidVerificationResponseError extends Error {
  constructor() {
    super('Invalid response from server');
    this.name = 'InvalidVerificationResponseError';
  }
}

/** The token, and the password chosen where this browser is not signed in to the account. */
export type VerifyEmailInput = Schema<'VerifyEmailDto'>;

/**
 * POST /api/auth/verify-email {token, password?} → the user with emailVerified true. In a
 * browser signed in to the account the token is enough; elsewhere the server asks for a password
 * first (401, nothing used up), which then becomes the account's and signs this browser in.
 */
export async function verifyEmail(input: VerifyEmailInput): Promise<User> {
  const res = await apiRequest('POST', '/api/auth/verify-email', input);
  const user = asUser(await res.json().catch(() => null));
  if (!user) throw new InvalidVerificationResponseError();
  return user;
}

/** The server's answer that the link is fine but a password must be chosen to use it. */
export function needsChosenPassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
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
