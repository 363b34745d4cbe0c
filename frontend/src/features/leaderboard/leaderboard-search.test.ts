import { describe, expect, it } from 'vitest';

import {
  boardSelection,
  toLeaderboardSearch,
  validateLeaderboardSearch,
} from './leaderboard-search';

describe('validateLeaderboardSearch', () => {
  it('keeps known values and drops defaults', () => {
    expect(validateLeaderboardSearch({ tab: 'week', sort: 'top', q: 'toes' })).toEqual({
      tab: 'week',
      sort: 'top',
      q: 'toes',
    });
    expect(validateLeaderboardSearch({ tab: 'all', sort: 'recent', q: '' })).toEqual({});
  });

  it('ignores unknown tabs, sorts and other keys', () => {
    expect(validateLeaderboardSearch({ tab: 'month', sort: 'oldest', page: 3 })).toEqual({});
    expect(validateLeaderboardSearch({ tab: ['week'], sort: { top: true } })).toEqual({});
  });

  it('trims the search term, caps it at 100 characters and reads numbers as text', () => {
    expect(validateLeaderboardSearch({ q: '  sunny  ' })).toEqual({ q: 'sunny' });
    expect(validateLeaderboardSearch({ q: '   ' })).toEqual({});
    expect(validateLeaderboardSearch({ q: 'x'.repeat(150) }).q).toHaveLength(100);
    expect(validateLeaderboardSearch({ q: 42 })).toEqual({ q: '42' });
  });
});

describe('boardSelection', () => {
  it('fills in the defaults', () => {
    expect(boardSelection({})).toEqual({ tab: 'all', sort: 'recent', q: '' });
    expect(boardSelection({ tab: 'week', q: 'a' })).toEqual({
      tab: 'week',
      sort: 'recent',
      q: 'a',
    });
  });

  it('round-trips through the address', () => {
    const selection = { tab: 'all', sort: 'top', q: 'feet' } as const;
    expect(boardSelection(toLeaderboardSearch(selection))).toEqual(selection);
    expect(toLeaderboardSearch({ tab: 'all', sort: 'recent', q: '' })).toEqual({});
  });
});
