import { queryOptions } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import type { Schema } from '@/lib/api/schema';

import { homeSummaryQueryKey } from './this-week-keys';

/** This week for the home page: its top three and how many posts and votes it has. */
export type HomeSummary = Schema<'HomeSummaryResponse'>;

/** GET /api/home/summary */
export function homeSummaryQueryOptions() {
  return queryOptions({
    queryKey: homeSummaryQueryKey,
    queryFn: ({ signal }) => apiGet('/api/home/summary', { signal }),
  });
}
