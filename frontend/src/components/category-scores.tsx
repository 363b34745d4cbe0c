import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';
import { formatScore, scoreBandClasses, toScore } from '@/lib/score';

/** The AI's four categories (spec §3), in the order every screen lists them. */
export const CATEGORY_FIELDS = [
  { key: 'toeAlignment', label: 'Toe Alignment' },
  { key: 'toeNails', label: 'Toe Nails' },
  { key: 'footShape', label: 'Foot Shape' },
  { key: 'aesthetic', label: 'Aesthetic' },
] as const;

export type CategoryScoreValues = Record<(typeof CATEGORY_FIELDS)[number]['key'], number>;

/** The four category scores as labelled bars in their score bands (rating result, post page). */
export function CategoryScores({
  scores,
  className,
}: {
  scores: CategoryScoreValues;
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
              <span className="font-medium">{label}</span>
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
