import { describe, expect, it } from 'vitest';

import { ratingSubmittedToast } from './rating-submitted';

describe('the toast after rating', () => {
  it('tells a young account its rating counts from tomorrow', () => {
    expect(ratingSubmittedToast(9, { message: 'Your rating counts from tomorrow' })).toEqual({
      title: 'Rating submitted',
      description: 'You rated this post 9/10. Your rating counts from tomorrow.',
    });
  });

  it('says only the score when the rating counts now', () => {
    expect(ratingSubmittedToast(7, { message: null })).toEqual({
      title: 'Rating submitted',
      description: 'You rated this post 7/10.',
    });
  });
});
