import { useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import type { Schema } from '@/lib/api/schema';
import { postsKey } from '@/lib/post-keys';

type OwnPost = Schema<'OwnPostResponse'>;

/** The same read (and cache) as My Posts (`lib/post-keys.ts`). */
const ownPostsKey = postsKey('/api/user/posts');

/** A post a boost can start on: public, not held for review, with no boost running. */
export function isBoostable(post: OwnPost): boolean {
  return post.isPublic && !post.heldForReview && !post.isBoosted;
}

/** GET /api/user/posts, newest first, kept to the posts a boost can be applied to. */
export function useBoostablePosts(enabled: boolean) {
  return useQuery({
    queryKey: ownPostsKey,
    queryFn: ({ signal }) => apiGet('/api/user/posts', { signal }),
    enabled,
    staleTime: 0,
    select: (posts) => posts.filter(isBoostable),
  });
}
