import { describe, expect, it } from 'vitest';

import { firstBoardPageUrl } from './boards';

describe('firstBoardPageUrl', () => {
  it('asks the general board for its order and search', () => {
    expect(firstBoardPageUrl({ tab: 'all', sort: 'top', q: 'toes' })).toBe(
      '/api/posts?sort=top&limit=24&q=toes',
    );
    expect(firstBoardPageUrl({ tab: 'all', sort: 'recent', q: '' })).toBe(
      '/api/posts?sort=recent&limit=24',
    );
  });

  it('asks the weekly board to search on the server (ranks stay the whole week’s)', () => {
    expect(firstBoardPageUrl({ tab: 'week', sort: 'top', q: 'Sunny Toes' })).toBe(
      '/api/leaderboard/weekly?limit=24&q=Sunny+Toes',
    );
    expect(firstBoardPageUrl({ tab: 'week', sort: 'recent', q: '' })).toBe(
      '/api/leaderboard/weekly?limit=24',
    );
  });
});
