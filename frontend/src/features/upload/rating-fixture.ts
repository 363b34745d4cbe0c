import type { PendingRating } from './types';

/** A rated upload's eight fields and its publish key, for the tests of keeping a rating. */
export const A_RATING: PendingRating = {
  imageUrl: '/uploads/abc.jpg',
  imageHash: 'abc123',
  averageRating: '7.7',
  toeAlignment: 7,
  toeNails: 8.5,
  footShape: 6,
  aesthetic: 8,
  aiComment: 'Nicely aligned toes with a tidy pedicure.',
  publishKey: 'k3y-from-the-upload_0123456789abcd',
};
