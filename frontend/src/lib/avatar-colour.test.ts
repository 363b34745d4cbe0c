import { describe, expect, it } from 'vitest';

import {
  AVATAR_GRADIENTS,
  avatarGradient,
  avatarGradientStyle,
  avatarInitial,
} from './avatar-colour';
import { contrastRatio } from './contrast';

describe('avatarGradient', () => {
  it('has 17 colour pairs', () => {
    expect(AVATAR_GRADIENTS).toHaveLength(17);
  });

  it('always gives the same pair for the same text', () => {
    expect(avatarGradient('HappyToes42')).toEqual(avatarGradient('HappyToes42'));
    expect(avatarGradientStyle('user-1')).toEqual(avatarGradientStyle('user-1'));
  });

  it('spreads different texts over the palette', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => avatarGradient(`user-${i}`).join()));
    expect(used.size).toBeGreaterThan(12);
  });

  it('handles the empty string', () => {
    expect(AVATAR_GRADIENTS).toContainEqual(avatarGradient(''));
  });

  it('keeps white initials readable on every colour', () => {
    for (const pair of AVATAR_GRADIENTS) {
      for (const colour of pair) {
        expect(contrastRatio('#ffffff', colour), colour).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('avatarInitial', () => {
  it('takes the first letter or digit, upper-cased', () => {
    expect(avatarInitial('sunny_soles')).toBe('S');
    expect(avatarInitial('_42feet')).toBe('4');
    expect(avatarInitial('')).toBe('?');
  });
});
