import { queryOptions } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import type { EditableProfile } from '../types';

export const CURRENT_PROFILE_QUERY_KEY = ['/api/user'] as const;

/** GET /api/user: the signed-in user's profile, as the profile settings edit it. */
export function fetchCurrentProfile(signal?: AbortSignal): Promise<EditableProfile> {
  return apiGet('/api/user', { signal });
}

export function currentProfileQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentProfile(signal),
  });
}
