import { ValidationError } from '../shared/errors';

/**
 * Weeks run Monday 00:00 UTC to the next Monday (ISO 8601), named `YYYY-Www`. The year is the
 * ISO week-numbering year: 2026-12-31 (a Thursday) is in 2026-W53, 2027-01-01 too.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;
const WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;
export const INVALID_WEEK = 'A week is written like 2026-W47';

/** Monday 00:00 UTC of the week that holds `at`. */
export function weekStart(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(day - weekday * DAY_MS);
}

export function isoWeek(at: Date): string {
  const monday = weekStart(at);
  // The week belongs to the year of its Thursday.
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(weekStart(new Date(Date.UTC(year, 0, 4))).getTime() + 3 * DAY_MS);
  const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / WEEK_MS);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Monday 00:00 UTC of a named week; a ValidationError for a name that is not a real week. */
export function startOfIsoWeek(week: string): Date {
  const match = WEEK_PATTERN.exec(week);
  if (!match) throw new ValidationError(INVALID_WEEK);
  const year = Number(match[1]);
  const number = Number(match[2]);
  const firstMonday = weekStart(new Date(Date.UTC(year, 0, 4)));
  const start = new Date(firstMonday.getTime() + (number - 1) * WEEK_MS);
  if (number < 1 || isoWeek(start) !== week) throw new ValidationError(INVALID_WEEK);
  return start;
}
