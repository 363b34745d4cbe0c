import { queryOptions } from '@tanstack/react-query';

import type { PublicProfile } from '../types';

export const PUBLIC_PROFILE_QUERY_KEY = '/api/users';

/** GET /api/users/{userId}: anyone's public profile and posts; 404 for an unknown user. */
export function publicProfileQueryOptions(userId: string) {
  return queryOptions<PublicProfile>({
    queryKey: [PUBLIC_PROFILE_QUERY_KEY, encodeURIComponent(userId)],
  });
}
