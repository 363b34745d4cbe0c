import { describe, expect, it } from 'vitest';

import { formatScore, scoreBand, scoreLabel, toScore } from './score';

describe('scoreLabel', () => {
  it.each([
    [10, 'LEGENDARY'],
    [9, 'LEGENDARY'],
    [8.99, 'EXCELLENT'],
    [8, 'EXCELLENT'],
    [7.99, 'GREAT'],
    [7, 'GREAT'],
    [6.99, 'GOOD'],
    [6, 'GOOD'],
    [5.99, 'AVERAGE'],
    [5, 'AVERAGE'],
    [4.99, 'BELOW AVERAGE'],
    [3, 'BELOW AVERAGE'],
    [2.99, 'NEEDS WORK'],
    [0, 'NEEDS WORK'],
  ] as const)('labels %s as %s', (score, label) => {
    expect(scoreLabel(score)).toBe(label);
  });

  it('reads the decimal strings the API sends', () => {
    expect(scoreLabel('9.0')).toBe('LEGENDARY');
    expect(scoreLabel('7.4')).toBe('GREAT');
    expect(scoreLabel('2.9')).toBe('NEEDS WORK');
  });

  it('treats an unreadable score as the lowest', () => {
    expect(scoreLabel('n/a')).toBe('NEEDS WORK');
  });
});

describe('scoreBand', () => {
  it.each([
    [10, 'top'],
    [9, 'top'],
    [8.9, 'high'],
    [7, 'high'],
    [6.9, 'mid'],
    [5, 'mid'],
    [4.9, 'low'],
    [3, 'low'],
    [2.9, 'bottom'],
    [0, 'bottom'],
  ] as const)('puts %s in the %s band', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });
});

describe('formatScore', () => {
  it('shows one decimal', () => {
    expect(formatScore(7)).toBe('7.0');
    expect(formatScore('7.45')).toBe('7.5');
    expect(formatScore(10)).toBe('10.0');
  });

  it('clamps to the 0–10 scale', () => {
    expect(toScore(12)).toBe(10);
    expect(toScore(-1)).toBe(0);
  });
});
