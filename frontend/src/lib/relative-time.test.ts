import { describe, expect, it } from 'vitest';

import { calendarDate, relativeTime } from './relative-time';

const NOW = Date.parse('2026-03-20T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'Just now'],
    [59 * SECOND, 'Just now'],
    [60 * SECOND, '1 minute ago'],
    [2 * MINUTE + 30 * SECOND, '2 minutes ago'],
    [59 * MINUTE, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, '1 day ago'],
    [6 * DAY + 23 * HOUR, '6 days ago'],
  ])('says %s ms ago is "%s"', (elapsed, text) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(text);
  });

  it('gives the date from 7 days on', () => {
    expect(relativeTime(ago(7 * DAY), NOW)).toBe('Mar 13, 2026');
    expect(relativeTime('2025-12-25T10:00:00Z', NOW)).toBe('Dec 25, 2025');
  });

  it('treats a time slightly in the future as just now', () => {
    expect(relativeTime(new Date(NOW + 5 * SECOND).toISOString(), NOW)).toBe('Just now');
  });

  it('is empty for an unreadable time', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('calendarDate', () => {
  it('formats a day', () => {
    expect(calendarDate('2026-03-04T09:00:00Z')).toBe('Mar 4, 2026');
  });
});
