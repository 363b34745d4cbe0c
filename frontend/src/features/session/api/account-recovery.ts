import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import { refreshSession } from './session-cache';
import type { Schema } from '@/lib/api/schema';

type MessageResponse = Partial<Schema<'MessageResponse'>>;

async function messageOf(res: Response): Promise<string | null> {
  const body = (await res.json().catch(() => null)) as MessageResponse | null;
  return typeof body?.message === 'string' && body.message ? body.message : null;
}

/**
 * POST /api/auth/resend-verification {email}. The server answers the same neutral message
 * whether or not the account exists (spec §8).
 */
export async function resendVerification(email: string): Promise<string | null> {
  return messageOf(await apiRequest('POST', '/api/auth/resend-verification', { body: { email } }));
}

/** POST /api/auth/forgot-password {email}: the same neutral message either way. */
export async function requestPasswordReset(email: string): Promise<string | null> {
  return messageOf(await apiRequest('POST', '/api/auth/forgot-password', { body: { email } }));
}

/** POST /api/auth/reset-password {token, password}. */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await apiRequest('POST', '/api/auth/reset-password', { body: input });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/**
 * A reset ends every session of the account, which may include this browser's: the session is
 * checked again (a refresh in spec §4 terms) so the screens show who is really signed in.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => refreshSession(queryClient),
  });
}
