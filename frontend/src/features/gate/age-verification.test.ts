import { describe, expect, it } from 'vitest';

import { isGateExemptPath } from './age-verification';

describe('isGateExemptPath', () => {
  it('keeps the legal pages readable before agreeing', () => {
    expect(isGateExemptPath('/termsofservice')).toBe(true);
    expect(isGateExemptPath('/privacypolicy')).toBe(true);
    expect(isGateExemptPath('/privacypolicy/')).toBe(true);
  });

  it('gates every other page', () => {
    expect(isGateExemptPath('/')).toBe(false);
    expect(isGateExemptPath('/leaderboard')).toBe(false);
    expect(isGateExemptPath('/termsofservice-copy')).toBe(false);
  });
});
