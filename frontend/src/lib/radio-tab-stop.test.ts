import { describe, expect, it } from 'vitest';

import { radioTabStop } from './radio-tab-stop';

describe('radioTabStop', () => {
  it('makes the first radio the stop before a choice', () => {
    expect([1, 2, 3].map((value) => radioTabStop(value, null, 1))).toEqual([0, -1, -1]);
  });

  it('moves the stop to the chosen radio', () => {
    expect([1, 2, 3].map((value) => radioTabStop(value, 3, 1))).toEqual([-1, -1, 0]);
  });
});
