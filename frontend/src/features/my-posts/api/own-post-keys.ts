import { postsKey } from '@/lib/post-keys';

/** The query key of the signed-in user's posts (`lib/post-keys.ts`). */
export const ownPostsQueryKey = postsKey('/api/user/posts');
