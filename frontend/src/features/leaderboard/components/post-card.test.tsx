// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';
import type { Post } from '@/types/api';

import { PostCard } from './post-card';

afterEach(cleanup);

const post = {
  id: 'p-1',
  userId: 'u-1',
  username: 'Author1',
  displayUsername: null,
  imageUrl: '/uploads/1.webp',
  thumbnailUrl: '/uploads/1.thumb.webp',
  averageRating: '7.1',
  voteCount: 12,
  communityAverage: '6.8',
  likesCount: 0,
  commentsCount: 0,
  isBoosted: false,
  boostType: null,
} as unknown as Post;

describe('PostCard', () => {
  it('given member votes, when shown, then it carries their average and count beside the score', async () => {
    await renderPage(<PostCard post={post} />);
    const card = await screen.findByRole('link');
    expect(card.textContent).toContain('7.1');
    expect(card.textContent).toContain('6.8 (12)');
    expect(card.textContent).toContain("Members' average 6.8 from 12 votes");
  });

  it('given no member votes, when shown, then no members’ average shows', async () => {
    await renderPage(<PostCard post={{ ...post, voteCount: 0, communityAverage: null }} />);
    const card = await screen.findByRole('link');
    expect(card.textContent).not.toContain("Members' average");
  });
});
