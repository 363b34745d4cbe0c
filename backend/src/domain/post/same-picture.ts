/**
 * The geometric check's verdict on a candidate the fingerprint found (see docs/decisions/
 * repost-fingerprint.md): how many keypoints one plausible edit transform puts in place.
 * Different photos of one subject on one floor share a few by chance; a copy, a crop, a turn, a
 * mirror or a re-encode of a photo shares dozens to hundreds (docs/trust-and-safety.md gives
 * the measured figures). Between the two the check is unsure: the post waits for a moderator
 * instead of its member being told they copied it.
 */
export type SamePictureVerdict = 'same' | 'unsure' | 'different';

/** At least this many matching keypoints: the same picture. */
export const SAME_PICTURE_MIN_KEYPOINTS = 40;
/** At least this many, and fewer than the above: unsure. */
export const UNSURE_PICTURE_MIN_KEYPOINTS = 15;

export function samePictureVerdict(matchingKeypoints: number): SamePictureVerdict {
  if (matchingKeypoints >= SAME_PICTURE_MIN_KEYPOINTS) return 'same';
  if (matchingKeypoints >= UNSURE_PICTURE_MIN_KEYPOINTS) return 'unsure';
  return 'different';
}
