import { describe, expect, it } from 'vitest';

import { hasAgeVerifiedCookie, isGateExemptPath } from './age-verification';

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

describe('hasAgeVerifiedCookie', () => {
  it('finds the gate’s cookie among others, and nothing else', () => {
    expect(hasAgeVerifiedCookie('theme=dark; ageVerified=true')).toBe(true);
    expect(hasAgeVerifiedCookie('ageVerified=true')).toBe(true);
    expect(hasAgeVerifiedCookie('ageVerified=false')).toBe(false);
    expect(hasAgeVerifiedCookie('notageVerified=true')).toBe(false);
    expect(hasAgeVerifiedCookie('')).toBe(false);
  });
});
