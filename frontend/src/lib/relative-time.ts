/** Spec §9: relative comment times. */

import { countOf } from './plural';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const dateFormat = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** The same in UTC: what a server-rendered page says, whatever zone the browser is in. */
const utcDateFormat = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function plural(count: number, unit: string): string {
  return `${countOf(count, unit)} ago`;
}

/**
 * 'Just now' under 60 s, then minutes, hours and days up to 7 days, then the date (in the
 * browser's time zone, or in UTC when `utc`). A time in the future (a clock a little ahead of
 * the server's) counts as just now.
 */
export function relativeTime(iso: string, now = Date.now(), utc = false): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const elapsed = now - then;
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return plural(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return plural(Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < 7 * DAY_MS) return plural(Math.floor(elapsed / DAY_MS), 'day');
  return (utc ? utcDateFormat : dateFormat).format(then);
}

/** A calendar date for lists of posts ('Mar 4, 2026'). */
export function calendarDate(iso: string): string {
  const then = Date.parse(iso);
  return Number.isFinite(then) ? dateFormat.format(then) : '';
}
