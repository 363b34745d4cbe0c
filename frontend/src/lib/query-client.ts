import { QueryClient } from '@tanstack/react-query';

import { getQueryFn } from './api-client';

/**
 * Spec §9: data is fetched when first needed and then kept; no interval or focus refetch and
 * no retries. Queries that need fresher data (own posts, unclaimed boosts) opt in themselves.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
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
