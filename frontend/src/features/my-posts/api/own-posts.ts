import { queryOptions } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import type { OwnPost } from '../types';

import { ownPostsQueryKey } from './own-post-keys';

/** GET /api/user/posts: the signed-in user's posts, newest first. */
export function fetchOwnPosts(signal?: AbortSignal): Promise<OwnPost[]> {
  return apiGet('/api/user/posts', { signal });
}

/** Spec §7: refetched on mount and when the window regains focus. */
export function ownPostsQueryOptions() {
  return queryOptions({
    queryKey: ownPostsQueryKey,
    queryFn: ({ signal }) => fetchOwnPosts(signal),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });
}
