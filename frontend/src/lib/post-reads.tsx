import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/**
 * The cached reads that show posts: post pages, boards, profiles, own posts, the home page's
 * week. Each belongs to the feature that fetches it, which exports its keys; a write in another
 * feature that changes what they show refreshes them (a boost, a deleted post) or changes a
 * post's figures in them (a like, a comment, a rating: see patchPostFigures) through this,
 * instead of naming their keys. The site layout (a route, which may know every feature)
 * provides it.
 */
export interface PostReads {
  /** Key prefixes of every read that shows posts. */
  all: readonly QueryKey[];
  /** Key prefix of one post's own reads (its page, like, comments, boost). */
  ofPost: (postId: string) => QueryKey;
}

/**
 * Without a provider (a component rendered on its own): every cached read counts as showing
 * posts, so a write refreshes too much rather than leave a stale post shown, and no read is
 * removed.
 */
const EVERY_READ: PostReads = { all: [[]], ofPost: () => ['(no post reads)'] };

const PostReadsContext = createContext<PostReads>(EVERY_READ);

export const PostReadsProvider = PostReadsContext.Provider;

export function usePostReads(): PostReads {
  return useContext(PostReadsContext);
}

/**
 * Marks every read that shows posts as stale: the shown ones are fetched again at once, the
 * others when next shown (or only then, with `refetchType: 'none'`).
 */
export function invalidatePostReads(
  queryClient: QueryClient,
  reads: PostReads,
  refetchType: 'active' | 'none' = 'active',
): Promise<unknown> {
  return Promise.all(
    reads.all.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType })),
  );
}
