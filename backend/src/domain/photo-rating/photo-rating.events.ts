import type { DomainEvent } from '../shared/event';

export type ContentVerdict = 'ok' | 'not_feet' | 'face_or_person' | 'nudity_or_explicit';
/**
 * Why a photo was refused: the rater's verdict, the content gate's (a face or a person is
 * `face_or_person`, nudity `nudity_or_explicit`), or the upload checks made before either is
 * asked: `too_small` to judge, `no_picture` (flat, noise, a gradient, text only: see
 * `judgeMeasures`), or a `repost` of a photo another account posted.
 */
export type RejectionReason = Exclude<ContentVerdict, 'ok'> | 'too_small' | 'no_picture' | 'repost';

/** What an image that carries no picture is, as the upload checks measured it. */
export type EmptyPictureKind = 'flat' | 'noise' | 'smooth' | 'text';

/** What the content gate found, as the gate port answers it (kept on the rating's stream). */
export type GateFinding = 'face' | 'person' | 'nudity' | 'too_small';

/** The content gate's decision about an uploaded photo, with the scores that decided it. */
export interface GateVerdict {
  outcome: 'pass' | 'review' | 'refuse';
  /** The rule that decided a `review` or `refuse`; null for a pass. */
  reason: GateFinding | null;
  /** By model and label (`face.ssd`, `nsfw.porn`, `pose.nose`), each 0..1. */
  scores: Record<string, number>;
  /** Which gate decided (`offline-v1`, `openai:omni-moderation-latest`). */
  gate: string;
}

export interface CategoryScores {
  toeAlignment: number;
  toeNails: number;
  footShape: number;
  aesthetic: number;
}

export interface RatedImage {
  /** Public address of the stored, re-encoded photo. */
  imageUrl: string;
  thumbnailUrl: string;
  /** Perceptual hash (64-bit dHash, hex): finds re-posts of the same photo. */
  imageHash: string;
  /** sha256 of the stored bytes: the storage key. */
  contentHash: string;
  /**
   * The re-post fingerprint's keys (see `fingerprintPhoto`); absent on photos rated before it,
   * which the dHash alone finds.
   */
  fingerprint?: string[];
  /** Its `FINGERPRINT_VERSION`; absent: 1 when it has keys. */
  fingerprintVersion?: number;
  /** The stored photo's size in pixels; absent on photos rated before it was recorded. */
  width?: number;
  height?: number;
}

/** Who may publish a rated photo: the uploader, however they were known at the upload. */
export interface Uploader {
  /** The account that uploaded, when it was signed in (its uploads go with its erasure). */
  uploaderId?: string | null;
  /**
   * sha256 (hex) of the publish key the upload answered to the uploader alone: publishing needs
   * the key. Absent on ratings recorded before uploads were bound to their uploader.
   */
  publishKeyHash?: string | null;
  /**
   * A keyed mark of the uploading browser's `uploader` cookie: until the rating is published,
   * its image is that browser's (and the signed-in uploader's) alone. Absent on ratings recorded
   * before.
   */
  viewerMark?: string | null;
}

export type PhotoRated = DomainEvent<
  'PhotoRated',
  RatedImage &
    CategoryScores &
    Uploader & {
      ratingId: string;
      overall: number;
      comment: string;
      rater: string;
      /**
       * The content gate's decision (absent on ratings recorded before the gate): a `review`
       * holds the post the rating becomes until an admin approves it.
       */
      gate?: GateVerdict;
    }
>;

export type PhotoRejected = DomainEvent<
  'PhotoRejected',
  {
    ratingId: string;
    imageHash: string;
    contentHash: string;
    reason: RejectionReason;
    /** Who refused: the rater's name, the gate's, or `upload-checks`. */
    rater: string;
    /** The content gate's decision, when the gate refused it (absent on older refusals). */
    gate?: GateVerdict;
    /** A re-post: the posts of other accounts whose photo it is. */
    duplicateOf?: string[];
    /** No picture: what the image is instead. */
    emptyPicture?: EmptyPictureKind;
  }
>;

/**
 * The rated photo became a post (a rating's publish or a direct post): it waits for nobody any
 * more, and no other post takes it. Recorded on the rating's stream before the post itself.
 */
export type PhotoRatingPublished = DomainEvent<
  'PhotoRatingPublished',
  { ratingId: string; postId: string; userId: string }
>;

export type DiscardReason = 'expired' | 'uploader_erased';

/** A rated photo nobody published: its record is closed and its file may go. */
export type UnpublishedPhotoDiscarded = DomainEvent<
  'UnpublishedPhotoDiscarded',
  { ratingId: string; contentHash: string; reason: DiscardReason }
>;

export type PhotoRatingEvent =
  PhotoRated | PhotoRejected | PhotoRatingPublished | UnpublishedPhotoDiscarded;
