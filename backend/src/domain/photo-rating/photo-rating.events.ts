import type { DomainEvent } from '../shared/event';

export type ContentVerdict = 'ok' | 'not_feet' | 'face_or_person' | 'nudity_or_explicit';
export type RejectionReason = Exclude<ContentVerdict, 'ok'>;

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
}

export type PhotoRated = DomainEvent<
  'PhotoRated',
  RatedImage &
    CategoryScores & {
      ratingId: string;
      overall: number;
      comment: string;
      rater: string;
    }
>;

export type PhotoRejected = DomainEvent<
  'PhotoRejected',
  {
    ratingId: string;
    imageHash: string;
    contentHash: string;
    reason: RejectionReason;
    rater: string;
  }
>;

export type PhotoRatingEvent = PhotoRated | PhotoRejected;
