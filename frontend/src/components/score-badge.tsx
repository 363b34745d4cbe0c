import { Star } from 'lucide-react';

import { cn } from '@/lib/cn';
import { formatScore, scoreBandClasses } from '@/lib/score';

interface ScoreBadgeProps {
  /** A one-decimal string or a number; null for a post nobody has rated yet. */
  rating: string | number | null | undefined;
  className?: string;
}

/** A rating out of 10 as a pill in its spec §9 colour band; 'Unrated' when there is none. */
export function ScoreBadge({ rating, className }: ScoreBadgeProps) {
  if (rating === null || rating === undefined) {
    return (
      <span
        className={cn(
          'inline-flex items-center gap-1 rounded-full bg-card px-2 py-0.5 text-xs font-semibold text-muted-foreground shadow-sm',
          className,
        )}
      >
        Unrated
      </span>
    );
  }
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold tabular-nums shadow-sm',
        scoreBandClasses(rating).badge,
        className,
      )}
    >
      <Star className="size-3 fill-current" aria-hidden="true" />
      {formatScore(rating)}
      <span className="sr-only"> out of 10</span>
    </span>
  );
}
