import { useQuery } from '@tanstack/react-query';
import { TrendingUp } from 'lucide-react';

import { Skeleton } from '@/components/ui/skeleton';

import { weeklyStandingQueryOptions } from '../api/weekly-standing';
import { standingText } from '../standing-text';

/**
 * Where a just-rated score stands this week, and the rank it would take if posted now (not for
 * a photo that would wait for approval: `held`).
 */
export function WeeklyStanding({ score, held = false }: { score: string; held?: boolean }) {
  const standing = useQuery(weeklyStandingQueryOptions(score));

  if (standing.isPending) {
    return (
      <div aria-busy="true" className="flex w-full flex-col items-center gap-2">
        <span className="sr-only">Finding where your score stands this week…</span>
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-4 w-44" />
      </div>
    );
  }
  if (standing.isError) {
    return (
      <p className="text-sm text-muted-foreground">
        Where this stands this week could not be loaded.
      </p>
    );
  }
  const { place, rank } = standingText(standing.data, { held });
  return (
    <div
      data-testid="weekly-standing"
      className="flex flex-col items-center gap-1 rounded-lg bg-muted px-4 py-3 text-center"
    >
      <p className="flex items-center gap-2 font-semibold">
        <TrendingUp className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {place}
      </p>
      {rank ? <p className="text-sm text-muted-foreground">{rank}</p> : null}
    </div>
  );
}
