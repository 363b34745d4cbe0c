/** The rating returned by POST /api/upload (spec §3 "Rating result from upload"). */
export interface RatingResult {
  /** One-decimal string, e.g. "7.4". */
  averageRating: string;
  toeAlignment: number;
  toeNails: number;
  footShape: number;
  aesthetic: number;
  aiComment: string;
  imageUrl: string;
  imageHash: string;
  /**
   * The secret publishing needs: the upload answers it to the uploader only, so nobody who
   * merely sees the image's address can post the photo.
   */
  publishKey: string;
}

/**
 * The eight fields and the publish key, kept in sessionStorage while a visitor registers
 * (spec §3): the key goes with them, so the rating is still the visitor's to post once signed up.
 */
export type PendingRating = RatingResult;

export interface PublishedPost {
  id: string;
}

export const CATEGORY_FIELDS = [
  { key: 'toeAlignment', label: 'Toe Alignment' },
  { key: 'toeNails', label: 'Toe Nails' },
  { key: 'footShape', label: 'Foot Shape' },
  { key: 'aesthetic', label: 'Aesthetic' },
] as const satisfies readonly { key: keyof RatingResult; label: string }[];
