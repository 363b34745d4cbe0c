import { queryOptions } from '@tanstack/react-query';

import { apiGetIfSignedIn } from '@/lib/api-client';
import type { Schema } from '@/lib/api/schema';

export type PostingSuspension = Schema<'PostingSuspensionResponse'>;

/**
 * The signed-in member's posting suspension (after strikes), shared by the banner that shows it
 * and the forms whose write it refused (they refresh it on a 403).
 */
export const postingSuspensionKey = ['posting-suspension'] as const;

/** GET /api/user/posting-suspension: null for a visitor. */
export function fetchPostingSuspension(signal?: AbortSignal): Promise<PostingSuspension | null> {
  return apiGetIfSignedIn('/api/user/posting-suspension', signal);
}

export function postingSuspensionQueryOptions() {
  return queryOptions({
    queryKey: postingSuspensionKey,
    queryFn: ({ signal }) => fetchPostingSuspension(signal),
    staleTime: 60_000,
  });
}

/** Where the terms say what strikes and suspensions are. */
export const MODERATION_RULES_HREF = '/termsofservice#moderation';
