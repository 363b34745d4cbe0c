import { ValidationError } from '../shared/errors';
import { INVALID_WEEK, isoWeek, startOfIsoWeek, WEEK_MS, weekStart } from './iso-week';

const utc = (iso: string) => new Date(iso);

describe('ISO weeks', () => {
  it.each([
    ['2026-11-22T12:00:00.000Z', '2026-W47', '2026-11-16T00:00:00.000Z'],
    ['2026-11-16T00:00:00.000Z', '2026-W47', '2026-11-16T00:00:00.000Z'],
    ['2026-12-31T12:00:00.000Z', '2026-W53', '2026-12-28T00:00:00.000Z'],
    ['2027-01-01T00:00:00.000Z', '2026-W53', '2026-12-28T00:00:00.000Z'],
    ['2027-01-04T00:00:00.000Z', '2027-W01', '2027-01-04T00:00:00.000Z'],
    ['2021-01-03T23:00:00.000Z', '2020-W53', '2020-12-28T00:00:00.000Z'],
    ['2021-01-04T00:00:00.000Z', '2021-W01', '2021-01-04T00:00:00.000Z'],
    ['2024-12-30T08:00:00.000Z', '2025-W01', '2024-12-30T00:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', '2026-W01', '2025-12-29T00:00:00.000Z'],
  ])('puts %s in %s, which starts on Monday %s', (at, week, monday) => {
    expect(isoWeek(utc(at))).toBe(week);
    expect(weekStart(utc(at)).toISOString()).toBe(monday);
    expect(startOfIsoWeek(week).toISOString()).toBe(monday);
  });

  it('ends a week on Sunday 23:59:59.999 UTC and starts the next at Monday 00:00 UTC', () => {
    expect(isoWeek(utc('2026-11-22T23:59:59.999Z'))).toBe('2026-W47');
    expect(isoWeek(utc('2026-11-23T00:00:00.000Z'))).toBe('2026-W48');
    expect(weekStart(utc('2026-11-22T23:59:59.999Z')).toISOString()).toBe(
      '2026-11-16T00:00:00.000Z',
    );
    expect(weekStart(utc('2026-11-23T00:00:00.000Z')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
  });

  it('counts in UTC, whatever the hour elsewhere', () => {
    // Monday 00:30 in Berlin is still Sunday 23:30 in UTC.
    expect(isoWeek(utc('2026-11-23T00:30:00.000+01:00'))).toBe('2026-W47');
  });

  it('round-trips every week of 2020 to 2030, each following the one before', () => {
    const weeksPerYear = new Map<number, number>();
    let monday = startOfIsoWeek('2020-W01');
    expect(monday.toISOString()).toBe('2019-12-30T00:00:00.000Z');
    while (monday < utc('2030-12-30T00:00:00.000Z')) {
      const week = isoWeek(monday);
      expect(startOfIsoWeek(week)).toEqual(monday);
      expect(isoWeek(new Date(monday.getTime() + WEEK_MS - 1))).toBe(week);
      const next = new Date(monday.getTime() + WEEK_MS);
      const year = Number(week.slice(0, 4));
      weeksPerYear.set(year, (weeksPerYear.get(year) ?? 0) + 1);
      monday = next;
    }
    expect([...weeksPerYear]).toEqual([
      [2020, 53],
      [2021, 52],
      [2022, 52],
      [2023, 52],
      [2024, 52],
      [2025, 52],
      [2026, 53],
      [2027, 52],
      [2028, 52],
      [2029, 52],
      [2030, 52],
    ]);
  });

  it.each(['2026-W54', '2025-W53', '2026-W00', '2026-47', '2026-W7', 'W47', '2026-w47', ''])(
    'refuses %p as a week name',
    (week) => {
      expect(() => startOfIsoWeek(week)).toThrow(ValidationError);
      expect(() => startOfIsoWeek(week)).toThrow(INVALID_WEEK);
    },
  );
});
