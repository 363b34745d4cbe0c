import type { Schema } from '@/lib/api/schema';

/** The rating returned by POST /api/upload (spec §3 "Rating result from upload"), with the
 * `publishKey` that publishing needs: the upload answers it to the uploader only, so nobody who
 * merely sees the image's address can post the photo. */
export type RatingResult = Schema<'RatingResultResponse'>;

/**
 * The eight fields and the publish key, kept in localStorage while a visitor registers
 * (spec §3): the key goes with them, so the rating is still the visitor's to post once signed up.
 */
export type PendingRating = Omit<RatingResult, 'heldForReview' | 'rater'>;

export type PublishedPost = Schema<'IdResponse'>;
