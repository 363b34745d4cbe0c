// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';

import type { OwnPost } from '../types';
import { OwnPostGrid } from './own-post-grid';

afterEach(cleanup);

const post: OwnPost = {
  id: '3f0c8a52-6d1e-4b8f-9a51-2c7f0e1d9b11',
  imageUrl: '/uploads/ab/a.webp',
  thumbnailUrl: '/uploads/ab/a.thumb.webp',
  averageRating: '7.5',
  voteCount: 2,
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
};

describe('own posts', () => {
  it('opens a live post’s page from its card', async () => {
    await renderPage(<OwnPostGrid posts={[post]} />);
    const link = await screen.findByRole('link', { name: /Your post from/ });
    expect(link.getAttribute('href')).toBe(`/post/${post.id}`);
  });

  it('shows a removed post as removed by a moderator, with the reason, opening nothing', async () => {
    const removed = {
      ...post,
      removed: true,
      isPublic: false,
      removalReason: 'This photo shows a face',
    };
    await renderPage(<OwnPostGrid posts={[removed]} />);
    const card = await screen.findByRole('article', { name: /removed by a moderator/ });
    expect(within(card).getByText('Removed by a moderator')).toBeTruthy();
    expect(within(card).getByText('Reason: This photo shows a face')).toBeTruthy();
    expect(within(card).queryByText('Held for review')).toBeNull();
    expect(within(card).queryByRole('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
