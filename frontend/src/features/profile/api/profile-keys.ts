import { postsKey } from '@/lib/post-keys';

/** Query keys of the public profiles (which show posts: `lib/post-keys.ts`). */
export const publicProfileKeys = {
  profile: (userId: string) => postsKey('/api/users', userId),
  all: postsKey('/api/users'),
};
