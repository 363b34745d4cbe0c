import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §9: data is fetched when first needed and then kept; no interval or focus refetch and
 * no retries. Queries that need fresher data (own posts, unclaimed boosts) opt in themselves.
 * There is no default query function: each feature's query options name their typed fetcher.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
