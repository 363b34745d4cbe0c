import { queryOptions } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import type { PublicProfile } from '../types';

export const PUBLIC_PROFILE_QUERY_KEY = '/api/users';

/** GET /api/users/{userId}: anyone's public profile and posts; 404 for an unknown user. */
export function fetchPublicProfile(userId: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiGet<PublicProfile>(`/api/users/${encodeURIComponent(userId)}`, signal);
}

export function publicProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [PUBLIC_PROFILE_QUERY_KEY, userId] as const,
    queryFn: ({ signal }) => fetchPublicProfile(userId, signal),
  });
}
