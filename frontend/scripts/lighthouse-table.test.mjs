import { describe, expect, it } from 'vitest';

import { calibratedMultiplier, markdownTable, median, summarize } from './lighthouse-table.mjs';

describe('the Lighthouse run’s figures', () => {
  it('given an odd or an even count of runs, when the median is taken, then it is the middle one or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow('No numbers');
  });

  it('given a page’s runs and its anchor’s, when summarized, then each figure is its median and the ratio is of the medians’ first paints', () => {
    const row = summarize(
      '/leaderboard',
      [
        { performance: 97, fcp: 1200, lcp: 2000 },
        { performance: 99, fcp: 900, lcp: 1900 },
        { performance: 98, fcp: 1000, lcp: 2100 },
      ],
      [
        { performance: 100, fcp: 800, lcp: 800 },
        { performance: 100, fcp: 1000, lcp: 800 },
        { performance: 100, fcp: 700, lcp: 800 },
      ],
    );
    expect(row).toEqual({
      page: '/leaderboard',
      runs: 3,
      performance: 98,
      anchorPerformance: 100,
      fcp: 1000,
      anchorFcp: 800,
      ratio: 1.25,
      lcp: 2000,
    });
  });

  it('given rows with and without an anchor, when tabled, then each shows its ratio against the goal, or n/a', () => {
    const table = markdownTable([
      {
        page: '/',
        performance: 99,
        anchorPerformance: 100,
        fcp: 900,
        anchorFcp: 800,
        ratio: 1.125,
        lcp: 1500,
      },
      {
        page: '/post/1',
        performance: 95,
        anchorPerformance: 97,
        fcp: 1300,
        anchorFcp: 1000,
        ratio: 1.3,
        lcp: 2600,
      },
      {
        page: '/x',
        performance: 90,
        anchorPerformance: null,
        fcp: 1000,
        anchorFcp: null,
        ratio: null,
        lcp: 1000,
      },
    ]).split('\n');
    expect(table[0]).toBe(
      '| page | performance | anchor performance | FCP | anchor FCP | FCP / anchor | LCP |',
    );
    expect(table[2]).toBe('| / | 99 | 100 | 0.90 s | 0.80 s | 1.13× (≤ 1.2×) | 1.50 s |');
    expect(table[3]).toBe(
      '| /post/1 | 95 | 97 | 1.30 s | 1.00 s | 1.30× (**over** 1.2×) | 2.60 s |',
    );
    expect(table[4]).toBe('| /x | 90 | n/a | 1.00 s | n/a | n/a | 1.00 s |');
  });

  it('given a host’s benchmarkIndex, when calibrated for a mid-tier phone, then the slowdown is the documentation’s for its class', () => {
    expect(calibratedMultiplier(2860)).toBe(4);
    expect(calibratedMultiplier(1500)).toBe(4);
    expect(calibratedMultiplier(1499)).toBe(2);
    expect(calibratedMultiplier(1000)).toBe(2);
    expect(calibratedMultiplier(800)).toBe(1);
    expect(() => calibratedMultiplier(undefined)).toThrow('No benchmarkIndex');
  });
});
