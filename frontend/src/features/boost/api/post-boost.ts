import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import type { Boost } from '@/types/api';

import { boostKeys } from './boost-keys';

/** GET /api/posts/{id}/boost: the post's active boost, or null. */
export function fetchPostBoost(postId: string, signal?: AbortSignal): Promise<Boost | null> {
  return apiGet<Boost | null>(`/api/posts/${encodeURIComponent(postId)}/boost`, signal);
}

export function postBoostQueryOptions(postId: string) {
  return queryOptions({
    queryKey: boostKeys.ofPost(postId),
    queryFn: ({ signal }) => fetchPostBoost(postId, signal),
  });
}

export function usePostBoost(postId: string, enabled: boolean) {
  return useQuery({ ...postBoostQueryOptions(postId), enabled });
}
