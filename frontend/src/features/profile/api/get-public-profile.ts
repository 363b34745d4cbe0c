import { queryOptions } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import type { PublicProfile } from '../types';
import { publicProfileKeys } from './profile-keys';

/** GET /api/users/{userId}: anyone's public profile and posts; 404 for an unknown user. */
export function fetchPublicProfile(userId: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiGet('/api/users/{userId}', { params: { path: { userId } }, signal });
}

export function publicProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: publicProfileKeys.profile(userId),
    queryFn: ({ signal }) => fetchPublicProfile(userId, signal),
  });
}
