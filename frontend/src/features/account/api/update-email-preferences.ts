import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import type { AccountUser, EmailPreferences } from '../types';

/** PATCH /api/auth/email-preferences with all three switches → the updated user. */
export async function updateEmailPreferences(preferences: EmailPreferences): Promise<AccountUser> {
  const res = await apiRequest('PATCH', '/api/auth/email-preferences', preferences);
  return (await res.json()) as AccountUser;
}

export function useUpdateEmailPreferences() {
  return useMutation({ mutationFn: updateEmailPreferences });
}
