import { queryOptions } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import type { PostPage } from '../types';

import { postKeys } from './post-keys';

/** GET /api/posts/{id}: 404 `Post not found` for an unknown, deleted or hidden post. */
export function fetchPost(id: string, signal?: AbortSignal): Promise<PostPage> {
  return apiGet('/api/posts/{id}', { params: { path: { id } }, signal });
}

export function postQueryOptions(id: string) {
  return queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => fetchPost(id, signal),
  });
}
