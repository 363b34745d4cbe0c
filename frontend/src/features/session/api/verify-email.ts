import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiRequest } from '@/lib/api-client';

import type { User } from '../types';
import { SESSION_QUERY_KEY } from './get-session';
import { asUser, setSignedInUser } from './session-cache';
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
  const res = await apiRequest('POST', '/api/auth/verify-email', { body: input });
  const user = asUser(await res.json().catch(() => null));
  if (!user) throw new InvalidVerificationResponseError();
  return user;
}

/** The server's answer that the link is fine but a password must be chosen to use it. */
export function needsChosenPassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The server's answer to a link of an account verified already (the link used once, or an older
 * one): 409 'Your email is already verified.' Nothing failed, and nothing changed.
 */
export function isAlreadyVerified(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * Spec §4: success sets the session user (and refreshes cached data). A refused link ends no
 * session on the server, so the browser's stays as it is; "already verified" asks who is signed
 * in again, as the account may have been verified in another tab.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (user) => setSignedInUser(queryClient, user),
    onError: (error) => {
      if (isAlreadyVerified(error))
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
