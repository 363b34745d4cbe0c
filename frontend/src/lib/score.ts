/** Score presentation rules from spec §9: labels, five colour bands, one decimal. */

export type ScoreLabel =
  'LEGENDARY' | 'EXCELLENT' | 'GREAT' | 'GOOD' | 'AVERAGE' | 'BELOW AVERAGE' | 'NEEDS WORK';

export type ScoreBand = 'top' | 'high' | 'mid' | 'low' | 'bottom';

/** Accepts the API's decimal strings ("7.4") as well as numbers; anything unreadable is 0. */
export function toScore(value: number | string): number {
  const score = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(score)) return 0;
  return Math.min(10, Math.max(0, score));
}

export function scoreLabel(value: number | string): ScoreLabel {
  const score = toScore(value);
  if (score >= 9) return 'LEGENDARY';
  if (score >= 8) return 'EXCELLENT';
  if (score >= 7) return 'GREAT';
  if (score >= 6) return 'GOOD';
  if (score >= 5) return 'AVERAGE';
  if (score >= 3) return 'BELOW AVERAGE';
  return 'NEEDS WORK';
}

export function scoreBand(value: number | string): ScoreBand {
  const score = toScore(value);
  if (score >= 9) return 'top';
  if (score >= 7) return 'high';
  if (score >= 5) return 'mid';
  if (score >= 3) return 'low';
  return 'bottom';
}

/**
 * Text colours reach 4.5:1 on the card and page backgrounds in both themes; bar colours
 * reach 3:1 against the muted track (WCAG 1.4.11 for graphics).
 */
const bandClasses: Record<ScoreBand, { text: string; bar: string; badge: string }> = {
  top: {
    text: 'text-violet-700 dark:text-violet-300',
    bar: 'bg-violet-600 dark:bg-violet-400',
    badge: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  },
  high: {
    text: 'text-emerald-700 dark:text-emerald-300',
    bar: 'bg-emerald-600 dark:bg-emerald-400',
    badge: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  },
  mid: {
    text: 'text-sky-700 dark:text-sky-300',
    bar: 'bg-sky-600 dark:bg-sky-400',
    badge: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  },
  low: {
    text: 'text-amber-800 dark:text-amber-300',
    bar: 'bg-amber-600 dark:bg-amber-400',
    badge: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  },
  bottom: {
    text: 'text-red-700 dark:text-red-300',
    bar: 'bg-red-600 dark:bg-red-400',
    badge: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  },
};

export function scoreBandClasses(value: number | string): {
  text: string;
  bar: string;
  badge: string;
} {
  return bandClasses[scoreBand(value)];
}

/** One decimal, e.g. 7 → "7.0", "7.45" → "7.5". */
export function formatScore(value: number | string): string {
  return toScore(value).toFixed(1);
}
