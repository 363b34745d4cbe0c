import { useMutation } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import type { AccountUser, EmailPreferences } from '../types';

/** PATCH /api/auth/email-preferences with all three switches → the updated user. */
export async function updateEmailPreferences(preferences: EmailPreferences): Promise<AccountUser> {
  return apiJson('PATCH', '/api/auth/email-preferences', { body: preferences });
}

export function useUpdateEmailPreferences() {
  return useMutation({ mutationFn: updateEmailPreferences });
}
