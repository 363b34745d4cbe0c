const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a waiting vote comes to count, in the viewer's own locale and time zone: the weekday and
 * time ("Sat 21:14") within the next six days, the date and time beyond.
 */
export function formatCountsFrom(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
  const soon = at.getTime() - now.getTime() <= 6 * DAY_MS;
  const day = new Intl.DateTimeFormat(
    locale,
    soon ? { weekday: 'short' } : { weekday: 'short', day: 'numeric', month: 'short' },
  ).format(at);
  return `${day} ${time}`;
}

/** Why a new account's vote waits, and until when. */
export function countsFromReason(iso: string, now?: Date, locale?: string): string {
  return `New accounts' votes count after 24 hours, to keep the boards fair: yours counts from ${formatCountsFrom(iso, now, locale)}`;
}
