import { Progress } from '@/components/ui/progress';
import type { Schema } from '@/lib/api/schema';
import { cn } from '@/lib/cn';
import { formatScore, scoreBandClasses, toScore } from '@/lib/score';

/** The AI's four categories (spec §3), in the order every screen lists them. */
export const CATEGORY_FIELDS = [
  { key: 'toeAlignment', label: 'Toe Alignment' },
  { key: 'toeNails', label: 'Toe Nails' },
  { key: 'footShape', label: 'Foot Shape' },
  { key: 'aesthetic', label: 'Aesthetic' },
] as const;

type CategoryKey = (typeof CATEGORY_FIELDS)[number]['key'];

export type CategoryScoreValues = Record<CategoryKey, number>;

/**
 * What the offline rater scores each category from (the server's `offline-rater.ts`): it measures
 * the photo, not the feet, so each category says which measures stand in for its name.
 */
export const OFFLINE_CATEGORY_MEASURES: Record<CategoryKey, string> = {
  toeAlignment: 'framing and focus',
  toeNails: 'focus and colour',
  footShape: 'framing and contrast',
  aesthetic: 'exposure, colour and contrast',
};

/** The four category scores as labelled bars in their score bands (rating result, post page). */
export function CategoryScores({
  scores,
  rater,
  className,
}: {
  scores: CategoryScoreValues;
  /** Who rated: the offline rater's categories say what each was measured from. */
  rater?: Schema<'RaterKind'>;
  className?: string;
}) {
  return (
    <ul className={cn('flex flex-col gap-4', className)} aria-label="Category scores">
      {CATEGORY_FIELDS.map(({ key, label }) => {
        const value = scores[key];
        const band = scoreBandClasses(value);
        return (
          <li key={key} className="flex flex-col gap-1.5">
            <div className="flex items-baseline justify-between text-sm">
              <span className="flex flex-col">
                <span className="font-medium">{label}</span>
                {rater === 'offline' && (
                  <span className="text-xs text-muted-foreground">
                    {`Measured from ${OFFLINE_CATEGORY_MEASURES[key]}`}
                  </span>
                )}
              </span>
              <span className={cn('font-bold tabular-nums', band.text)}>
                {formatScore(value)}
                <span className="sr-only"> out of 10</span>
              </span>
            </div>
            <Progress
              value={toScore(value)}
              max={10}
              aria-label={label}
              getValueLabel={(v, max) => `${formatScore(v)} out of ${max}`}
              indicatorClassName={band.bar}
            />
          </li>
        );
      })}
    </ul>
  );
}
