/**
 * The geometric check's verdict on a candidate the fingerprint found
 * (docs/decisions/repost-fingerprint.md): how many keypoints one plausible edit transform puts in
 * place. Different photos of one subject share a few by chance, an edit of a photo dozens to
 * hundreds (figures in docs/trust-and-safety.md). Between the two the post waits for a moderator
 * rather than its member being told they copied it.
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
