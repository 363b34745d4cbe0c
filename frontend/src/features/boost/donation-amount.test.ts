import { describe, expect, it } from 'vitest';

import { formatDollars, parseDonationAmount } from './donation-amount';

describe('parseDonationAmount', () => {
  it.each([
    ['1', 100],
    ['1000', 100000],
    ['12.5', 1250],
    ['19.99', 1999],
    ['4.005', 401],
    ['1.005', 101],
    ['1.004', 100],
    [' 7 ', 700],
  ])('takes %j as %i cents, rounded', (input, cents) => {
    expect(parseDonationAmount(input)).toEqual({ ok: true, cents });
  });

  it.each(['', 'abc', '0', '0.99', '1000.01', '-5', '1e3', '5,00'])('refuses %j', (input) => {
    expect(parseDonationAmount(input)).toEqual({ ok: false });
  });
});

describe('formatDollars', () => {
  it('shows whole dollars without cents and others with two decimals', () => {
    expect(formatDollars(500)).toBe('$5');
    expect(formatDollars(1250)).toBe('$12.50');
    expect(formatDollars(100000)).toBe('$1,000');
  });
});
