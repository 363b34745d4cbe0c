import { queryOptions } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import type { Schema } from '@/lib/api/schema';

/** Where a score stands this ISO week, and the rank it would take if posted now. */
export type WeeklyStanding = Schema<'WeeklyStandingResponse'>;

/** GET /api/leaderboard/standing?score=7.7 */
export function weeklyStandingQueryOptions(score: string) {
  return queryOptions({
    queryKey: ['/api/leaderboard/standing', { score }] as const,
    queryFn: ({ signal }) =>
      apiGet('/api/leaderboard/standing', { params: { query: { score } }, signal }),
  });
}
