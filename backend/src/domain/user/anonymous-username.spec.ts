import {
  ADJECTIVES,
  ANONYMOUS_USERNAME_PATTERN,
  ANONYMOUS_USERNAME_SPACE,
  anonymousUsernameFor,
  NOUNS,
} from './anonymous-username';

describe('anonymous usernames', () => {
  it('makes a readable name of an adjective, a noun and four digits from a seed', () => {
    expect(anonymousUsernameFor(0)).toBe('AgileBadger0000');
    expect(anonymousUsernameFor(ANONYMOUS_USERNAME_SPACE - 1)).toBe('ZippyTortoise9999');
  });

  it('gives distinct seeds within the space distinct names', () => {
    const names = new Set<string>();
    for (let seed = 0; seed < 64 * 64 * 3; seed += 1) names.add(anonymousUsernameFor(seed));
    expect(names.size).toBe(64 * 64 * 3);
  });

  it('only makes names that fit the display-name rules and its own pattern', () => {
    for (const seed of [0, 17, 123_456, 9_999_999, 40_959_999, Number.MAX_SAFE_INTEGER]) {
      const name = anonymousUsernameFor(seed);
      expect(name).toMatch(ANONYMOUS_USERNAME_PATTERN);
      expect(name.length).toBeGreaterThanOrEqual(3);
      expect(name.length).toBeLessThanOrEqual(30);
    }
  });

  it('has no duplicate words', () => {
    expect(new Set(ADJECTIVES).size).toBe(ADJECTIVES.length);
    expect(new Set(NOUNS).size).toBe(NOUNS.length);
  });

  it('refuses a seed that is not a non-negative whole number', () => {
    expect(() => anonymousUsernameFor(-1)).toThrow();
    expect(() => anonymousUsernameFor(1.5)).toThrow();
  });
});
