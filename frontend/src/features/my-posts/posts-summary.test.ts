import { describe, expect, it } from 'vitest';

import { postsSummary } from './posts-summary';
import type { OwnPost } from './types';

const post = (state: Partial<OwnPost> = {}): OwnPost => ({
  id: '3f0c8a52-6d1e-4b8f-9a51-2c7f0e1d9b11',
  imageUrl: '/uploads/ab/a.webp',
  thumbnailUrl: '/uploads/ab/a.thumb.webp',
  averageRating: '7.5',
  voteCount: 2,
  communityAverage: null,
  likesCount: 3,
  commentsCount: 1,
  isBoosted: false,
  boostType: null,
  isPublic: true,
  isModerated: true,
  heldForReview: false,
  removed: false,
  removalReason: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...state,
});

describe('My Posts’ summary', () => {
  it('counts the posts on the leaderboard', () => {
    expect(postsSummary([])).toBe('Your posts on the leaderboard.');
    expect(postsSummary([post()])).toBe('1 post on the leaderboard.');
    expect(postsSummary([post(), post()])).toBe('2 posts on the leaderboard.');
  });

  it('says why the others are not there, each post counted once', () => {
    expect(
      postsSummary([
        post(),
        post({ heldForReview: true, isPublic: false }),
        post({ isPublic: false }),
        post({ isPublic: false }),
        post({ removed: true, isPublic: false, removalReason: 'Not feet' }),
      ]),
    ).toBe(
      '1 post on the leaderboard. 1 waiting for approval, shown to you alone. ' +
        '2 hidden, shown to you alone. 1 removed by a moderator.',
    );
  });
});
