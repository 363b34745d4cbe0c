/** Weeks run Monday 00:00 UTC to the next Monday; they are named and shown in UTC. */
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const yearFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'UTC' });

/** '2026-W07' → 'Week 7, 2026'; anything else as it is. */
export function weekTitle(week: string): string {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  return match ? `Week ${Number(match[2])}, ${match[1]}` : week;
}

/** 'Feb 9 – Feb 15, 2026' for a week from Monday 00:00 to the next Monday 00:00 (exclusive). */
export function weekRange(startsAt: string, endsAt: string): string {
  const start = Date.parse(startsAt);
  const end = Date.parse(endsAt);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return '';
  const lastDay = Math.max(start, end - 1);
  return `${dayFormat.format(start)} – ${dayFormat.format(lastDay)}, ${yearFormat.format(lastDay)}`;
}
