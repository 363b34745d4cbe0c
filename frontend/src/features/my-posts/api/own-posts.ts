import { queryOptions } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import type { OwnPost } from '../types';

export const OWN_POSTS_QUERY_KEY = ['/api/user/posts'] as const;

/** GET /api/user/posts: the signed-in user's posts, newest first. */
export function fetchOwnPosts(signal?: AbortSignal): Promise<OwnPost[]> {
  return apiGet<OwnPost[]>('/api/user/posts', signal);
}

/** Spec §7: refetched on mount and when the window regains focus. */
export function ownPostsQueryOptions() {
  return queryOptions({
    queryKey: OWN_POSTS_QUERY_KEY,
    queryFn: ({ signal }) => fetchOwnPosts(signal),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });
}
