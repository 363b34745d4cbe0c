import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import type { Schema } from '@/lib/api/schema';

import { boostKeys } from './boost-keys';

/**
 * The post's running boost as anyone may see it (its type and end); its buyer also gets the
 * purchase's details.
 */
export type PostBoost = Schema<'PostBoostResponse'>;

/** GET /api/posts/{id}/boost: the post's active boost, or null. */
export function fetchPostBoost(postId: string, signal?: AbortSignal): Promise<PostBoost | null> {
  return apiGet('/api/posts/{id}/boost', { params: { path: { id: postId } }, signal });
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
