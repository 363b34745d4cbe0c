// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';

import {
  clearPendingRating,
  PENDING_RATING_STORAGE_KEY,
  RATING_LIFETIME_MS,
  readPendingRating,
  readSavedRating,
  SAVED_RATING_STORAGE_KEY,
  savePendingRating,
  saveRating,
  toRatingResult,
} from './pending-rating';
import { A_RATING } from './rating-fixture';
import type { PendingRating, RatingResult } from './types';

const rating: PendingRating = A_RATING;
const result: RatingResult = { ...rating, rater: 'offline', heldForReview: false };

// An injected clock: the moment of the upload, and moments after it.
const T0 = Date.UTC(2026, 10, 28, 9, 0);

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the saved rating', () => {
  it('given a fresh upload, when read back later the same day, shows it again (not to post)', () => {
    saveRating(result, T0);

    const read = readSavedRating(T0 + RATING_LIFETIME_MS - 1);

    expect(read).toEqual({
      status: 'valid',
      saved: {
        rating,
        rater: 'offline',
        heldForReview: false,
        expiresAt: T0 + RATING_LIFETIME_MS,
        posting: false,
      },
    });
    if (read.status === 'valid') expect(toRatingResult(read.saved)).toEqual(result);
    expect(readPendingRating(T0 + 1)).toBeNull();
  });

  it('given a saved upload, when its 24 hours are over, reads as expired', () => {
    saveRating(result, T0);

    expect(readSavedRating(T0 + RATING_LIFETIME_MS)).toEqual({ status: 'expired' });
    expect(readPendingRating(T0 + RATING_LIFETIME_MS)).toBeNull();
  });

  it('given a visitor chose to post, it waits to post, keeping its upload’s expiry', () => {
    saveRating(result, T0);

    savePendingRating(result, T0 + 60_000);

    const pending = readPendingRating(T0 + 120_000);
    expect(pending?.posting).toBe(true);
    expect(pending?.expiresAt).toBe(T0 + RATING_LIFETIME_MS);
    expect(pending?.rating).toEqual(rating);
  });

  it.each([
    ['malformed JSON', '{"rating":'],
    [
      'no rating',
      JSON.stringify({ expiresAt: T0, posting: true, rater: 'openai', heldForReview: false }),
    ],
    [
      'a rating without its publish key',
      JSON.stringify({
        rating: { ...rating, publishKey: undefined },
        rater: 'openai',
        heldForReview: false,
        expiresAt: T0 + 1000,
        posting: true,
      }),
    ],
    ['no expiry', JSON.stringify({ rating, rater: 'openai', heldForReview: false, posting: true })],
    [
      'an unknown rater',
      JSON.stringify({
        rating,
        rater: 'x',
        heldForReview: false,
        expiresAt: T0 + 1,
        posting: true,
      }),
    ],
  ])('given %s is saved, reads as invalid', (_case, raw) => {
    localStorage.setItem(SAVED_RATING_STORAGE_KEY, raw);

    expect(readSavedRating(T0)).toEqual({ status: 'invalid' });
  });

  it('given a rating saved by the older version in sessionStorage, picks it up once', () => {
    sessionStorage.setItem(PENDING_RATING_STORAGE_KEY, JSON.stringify(rating));

    const pending = readPendingRating(T0);

    expect(pending).toMatchObject({ rating, posting: true, expiresAt: T0 + RATING_LIFETIME_MS });
    expect(sessionStorage.getItem(PENDING_RATING_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(SAVED_RATING_STORAGE_KEY)).not.toBeNull();
  });

  it('given broken data under the old sessionStorage key, reads as invalid and clears it', () => {
    sessionStorage.setItem(PENDING_RATING_STORAGE_KEY, '{"imageUrl":');

    expect(readSavedRating(T0)).toEqual({ status: 'invalid' });
    clearPendingRating();

    expect(readSavedRating(T0)).toEqual({ status: 'absent' });
    expect(sessionStorage.getItem(PENDING_RATING_STORAGE_KEY)).toBeNull();
  });
});
