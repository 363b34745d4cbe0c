// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';

import type { ProfilePost } from '../types';
import { ProfilePostGrid } from './profile-post-grid';

afterEach(cleanup);

const post = {
  id: '3f0c8a52-6d1e-4b8f-9a51-2c7f0e1d9b11',
  imageUrl: '/uploads/ab/a.webp',
  thumbnailUrl: '/uploads/ab/a.thumb.webp',
  overallRating: '7.5',
  likesCount: 1,
  commentsCount: 2,
  isBoosted: false,
  boostType: null,
} as ProfilePost;

describe('ProfilePostGrid', () => {
  it('given a boosted post, shows its score beside its boost badge', async () => {
    await renderPage(<ProfilePostGrid posts={[{ ...post, isBoosted: true, boostType: 'mega' }]} />);
    const card = await screen.findByRole('link');
    expect(within(card).getByText('7.5')).toBeTruthy();
    expect(within(card).getByText('Mega Boost')).toBeTruthy();
  });

  it('given counts, writes their nouns by the count', async () => {
    await renderPage(<ProfilePostGrid posts={[post]} />);
    const card = await screen.findByRole('link');
    expect(card.textContent).toContain('1 like');
    expect(card.textContent).toContain('2 comments');
  });

  it('given member votes, when shown, then the card carries their average and count', async () => {
    await renderPage(
      <ProfilePostGrid posts={[{ ...post, voteCount: 12, communityAverage: '6.8' }]} />,
    );
    const card = await screen.findByRole('link');
    expect(card.textContent).toContain('6.8 (12)');
    expect(card.textContent).toContain("Members' average 6.8 from 12 votes");
  });

  it('given no member votes, when shown, then no members’ average shows', async () => {
    await renderPage(
      <ProfilePostGrid posts={[{ ...post, voteCount: 0, communityAverage: null }]} />,
    );
    const card = await screen.findByRole('link');
    expect(card.textContent).not.toContain("Members' average");
  });
});
