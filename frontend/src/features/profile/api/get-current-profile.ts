import { queryOptions } from '@tanstack/react-query';

import type { EditableProfile } from '../types';

export const CURRENT_PROFILE_QUERY_KEY = ['/api/user'] as const;

/** GET /api/user: the signed-in user's profile, read with the default query function. */
export function currentProfileQueryOptions() {
  return queryOptions<EditableProfile>({ queryKey: CURRENT_PROFILE_QUERY_KEY });
}
