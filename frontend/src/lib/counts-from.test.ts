import { describe, expect, it } from 'vitest';

import { formatCountsFrom } from './counts-from';

describe('when a waiting vote counts, as the viewer reads it', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  const at = (iso: string) => new Date(iso);
  const time = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(at(iso));
  const weekday = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { weekday: 'short' }).format(at(iso));

  it('given a moment within six days, when shown, then it is the weekday and time', () => {
    const iso = '2026-11-28T21:14:00.000Z';
    expect(formatCountsFrom(iso, now, 'en-GB')).toBe(`${weekday(iso)} ${time(iso)}`);
  });

  it('given a moment further away, when shown, then it carries the date', () => {
    const iso = '2026-12-10T08:05:00.000Z';
    const day = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }).format(at(iso));
    expect(formatCountsFrom(iso, now, 'en-GB')).toBe(`${day} ${time(iso)}`);
    expect(day).toMatch(/Dec/);
  });
});
