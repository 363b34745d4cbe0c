import { postsKey } from '@/lib/post-keys';

/** Query keys of a post's comments, among its reads (`lib/post-keys.ts`). */
export const commentKeys = {
  ofPost: (postId: string) => postsKey('/api/posts', postId, 'comments'),
};
