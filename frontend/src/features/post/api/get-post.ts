import { queryOptions } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import type { Post } from '@/types/api';

import { postKeys, postUrl } from './post-keys';

/** GET /api/posts/{id}: 404 `Post not found` for an unknown, deleted or hidden post. */
export function fetchPost(id: string, signal?: AbortSignal): Promise<Post> {
  return apiGet<Post>(postUrl(id), signal);
}

export function postQueryOptions(id: string) {
  return queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => fetchPost(id, signal),
  });
}
