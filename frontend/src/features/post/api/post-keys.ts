import { onePostKey, postsKey } from '@/lib/post-keys';

/** Query keys of a post's page, under the reads that show posts (`lib/post-keys.ts`). */
export const postKeys = {
  detail: (id: string) => onePostKey(id),
  liked: (id: string) => postsKey('/api/posts', id, 'like'),
  userRating: (id: string) => postsKey('/api/posts', id, 'user-rating'),
};
