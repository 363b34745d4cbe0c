/**
 * The geometric check's verdict on a candidate the fingerprint found
 * (docs/decisions/repost-fingerprint.md): how many keypoints one plausible edit transform puts in
 * place, and what share of the photo's keypoints they are. Different photos of one subject share
 * a few by chance, and two shots on one floor share those on the floor; an edit of one photo keeps
 * hundreds, most of its keypoints (figures in docs/trust-and-safety.md). Between the two the post
 * waits for a moderator rather than its member being told they copied it.
 */
export type SamePictureVerdict = 'same' | 'unsure' | 'different';

/** What the geometric check found between two photos' keypoints. */
export interface KeypointMatch {
  /** Keypoints one plausible edit transform puts in place (0: no such transform). */
  matching: number;
  /** `matching` as a share of the keypoints of the photo that has fewer. */
  share: number;
}

/** At least this many matching keypoints, and this share: the same picture. */
export const SAME_PICTURE_MIN_KEYPOINTS = 40;
export const SAME_PICTURE_MIN_SHARE = 0.25;
/** At least this many, and this share, short of the above: unsure. */
export const UNSURE_PICTURE_MIN_KEYPOINTS = 15;
export const UNSURE_PICTURE_MIN_SHARE = 0.15;

export function samePictureVerdict({ matching, share }: KeypointMatch): SamePictureVerdict {
  if (matching >= SAME_PICTURE_MIN_KEYPOINTS && share >= SAME_PICTURE_MIN_SHARE) return 'same';
  if (matching >= UNSURE_PICTURE_MIN_KEYPOINTS && share >= UNSURE_PICTURE_MIN_SHARE) {
    return 'unsure';
  }
  return 'different';
}
