import { describe, expect, it } from 'vitest';

import { formatCountsFrom } from '@/lib/counts-from';

import { ratingSubmittedToast } from './rating-submitted';

describe('the toast after rating', () => {
  it('given a new account’s rating that waits, when rated, then it says why and when it counts', () => {
    const countsFrom = '2026-11-28T21:14:00.000Z';
    const now = new Date('2026-11-27T21:14:00.000Z');
    expect(ratingSubmittedToast(9, { countsFrom }, now)).toEqual({
      title: 'Rating submitted',
      description: `You rated this post 9/10. New accounts' votes count after 24 hours, to keep the boards fair: yours counts from ${formatCountsFrom(countsFrom, now)}.`,
    });
  });

  it('given a rating that counts now, when rated, then it says only the score', () => {
    expect(ratingSubmittedToast(7, { countsFrom: null })).toEqual({
      title: 'Rating submitted',
      description: 'You rated this post 7/10.',
    });
  });
});
