import type { QueryClient } from '@tanstack/react-query';

/**
 * The root of every query key whose read shows posts: post pages and their likes, ratings,
 * comments and boosts, the boards, profiles, own posts, the home page's week. After the root
 * comes the API path the read asks, then its parameters (the project's convention). A write in
 * one feature that changes what another shows refreshes, patches or drops the reads under this
 * root (or one post's, `onePostKey`) without naming the other feature's keys.
 */
export const POSTS_ROOT = 'posts';

/** A key of a read that shows posts: the root, the API path, its parameters. */
export function postsKey<const Parts extends readonly unknown[]>(
  ...parts: Parts
): readonly [typeof POSTS_ROOT, ...Parts] {
  return [POSTS_ROOT, ...parts];
}

/** The prefix of one post's own reads: its page, like, rating, comments and boost. */
export function onePostKey(postId: string) {
  return postsKey('/api/posts', postId);
}

/**
 * Marks every read that shows posts as stale: the shown ones are fetched again at once, the
 * others when next shown (or only then, with `refetchType: 'none'`).
 */
export function invalidatePostReads(
  queryClient: QueryClient,
  refetchType: 'active' | 'none' = 'active',
): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [POSTS_ROOT], refetchType });
}
