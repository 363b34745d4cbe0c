import { describe, expect, it } from 'vitest';

import { weekRange, weekTitle } from './week-label';

describe('weekTitle', () => {
  it('names an ISO week', () => {
    expect(weekTitle('2026-W07')).toBe('Week 7, 2026');
    expect(weekTitle('2026-W47')).toBe('Week 47, 2026');
    expect(weekTitle('odd')).toBe('odd');
  });
});

describe('weekRange', () => {
  it('shows Monday to Sunday in UTC, the end being exclusive', () => {
    expect(weekRange('2026-02-09T00:00:00.000Z', '2026-02-16T00:00:00.000Z')).toBe(
      'Feb 9 – Feb 15, 2026',
    );
  });

  it('takes the year of the last day across the new year', () => {
    expect(weekRange('2025-12-29T00:00:00.000Z', '2026-01-05T00:00:00.000Z')).toBe(
      'Dec 29 – Jan 4, 2026',
    );
  });
});
