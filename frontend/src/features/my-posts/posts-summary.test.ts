import { describe, expect, it } from 'vitest';

import { ownPost } from '@/test/own-post';

import { postsSummary } from './posts-summary';

const post = ownPost;

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
