// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { OFFLINE_RATING_NOTE } from '@/components/rater-note';
import { renderPage } from '@/test/render';

import type { RatingResult } from '../types';
import { RatingResults } from './rating-results';

afterEach(cleanup);

const result = (rater: RatingResult['rater']): RatingResult => ({
  averageRating: '7.4',
  toeAlignment: 7,
  toeNails: 8,
  footShape: 7.2,
  aesthetic: 7.5,
  aiComment: 'The photo is dark, average brightness 21%: move to better light.',
  rater,
  imageUrl: '/uploads/ab/ab.webp',
  imageHash: '0123456789abcdef',
  publishKey: 'key',
  heldForReview: false,
});

async function show(rating: RatingResult) {
  await renderPage(
    <RatingResults
      result={rating}
      onPost={() => undefined}
      isPosting={false}
      postDisabled={false}
      onUploadAnother={() => undefined}
    />,
  );
  return screen.getByRole('region', { name: 'Your SoleScore' });
}

describe('RatingResults', () => {
  it('given an offline rating, when shown, then the score is told to measure the photo, not the feet', async () => {
    const region = await show(result('offline'));

    const note = within(region).getByText(OFFLINE_RATING_NOTE);
    // Beside the score: in the block that holds the overall score and its label.
    const scoreBlock = within(region).getByText('Overall score').parentElement;
    expect(scoreBlock?.contains(note)).toBe(true);
    // …with where to read what an offline rating is.
    expect(within(region).getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe(
      '/how-ratings-work#offline-rating',
    );
  });

  it('given an AI rating, when shown, then no offline note is shown', async () => {
    const region = await show(result('openai'));

    expect(within(region).queryByText(OFFLINE_RATING_NOTE)).toBeNull();
    expect(within(region).queryByRole('link', { name: 'How it works' })).toBeNull();
    expect(within(region).getByText('Overall score')).toBeTruthy();
  });
});
