// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';

import { savePendingRating, saveRating } from '../pending-rating';
import type { RatingResult } from '../types';
import { PendingRatingBanner } from './pending-rating-banner';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const result: RatingResult = {
  imageUrl: '/uploads/abc.jpg',
  imageHash: 'abc123',
  averageRating: '7.66',
  toeAlignment: 7,
  toeNails: 8.5,
  footShape: 6,
  aesthetic: 8,
  aiComment: 'Tidy.',
  publishKey: 'k3y-from-the-upload_0123456789abcd',
  rater: 'openai',
  heldForReview: false,
};

describe('PendingRatingBanner', () => {
  it('given a rating chosen to post, on /register says it is posted on joining, with its photo', async () => {
    savePendingRating(result);

    await renderPage(<PendingRatingBanner when="join" />);

    const banner = screen.getByRole('region', { name: 'Your rating waiting to be posted' });
    expect(banner.textContent).toBe('Your 7.7 will be posted as soon as you join.');
    const img = screen.getByRole('img', { name: 'Your photo, rated 7.7 out of 10' });
    expect(img.getAttribute('src')).toBe('/uploads/abc.jpg');
  });

  it('given a rating chosen to post, on /login says it is posted on logging in', async () => {
    savePendingRating(result);

    await renderPage(<PendingRatingBanner when="log in" />);

    const banner = screen.getByRole('region', { name: 'Your rating waiting to be posted' });
    expect(banner.textContent).toBe('Your 7.7 will be posted as soon as you log in.');
  });

  it('given a rating only seen, not chosen to post, shows nothing', async () => {
    saveRating(result);

    await renderPage(<PendingRatingBanner when="join" />);

    expect(screen.queryByRole('region', { name: 'Your rating waiting to be posted' })).toBeNull();
  });
});
