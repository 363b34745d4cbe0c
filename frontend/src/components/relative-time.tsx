import { relativeTime } from '@/lib/relative-time';
import { useDateView } from '@/lib/render-time';

const utcTitle = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'short',
  // 'long' names the zone: "11:30:00 PM UTC".
  timeStyle: 'long',
  timeZone: 'UTC',
});

/**
 * "5 minutes ago" (spec §9), with the exact time as its title: in the browser's locale and zone,
 * or in UTC while a server-rendered page hydrates (see useDateView).
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const { now, utc } = useDateView();
  const at = new Date(iso);
  const title = Number.isFinite(at.getTime())
    ? utc
      ? utcTitle.format(at)
      : at.toLocaleString()
    : undefined;
  return (
    <time dateTime={iso} title={title} className={className}>
      {relativeTime(iso, now, utc)}
    </time>
  );
}
