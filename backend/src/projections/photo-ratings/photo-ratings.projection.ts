import type { PhotoRated, PhotoRejected } from '../../domain/photo-rating/photo-rating.events';
import type { RecordedEvent } from '../../domain/shared/event';
import type { ReadDocument } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';

export const PHOTO_RATINGS = 'photo_ratings';

/**
 * The server's own record of each rating, looked up by its image when the rating is published
 * (scores sent by a browser are never trusted).
 */
export interface PhotoRatingDocument extends ReadDocument {
  status: 'rated' | 'rejected';
  imageUrl: string | null;
  thumbnailUrl: string | null;
  imageHash: string;
  contentHash: string;
  overall: number | null;
  toeAlignment: number | null;
  toeNails: number | null;
  footShape: number | null;
  aesthetic: number | null;
  comment: string | null;
  rejectionReason: string | null;
  rater: string;
  /** Hash of the uploader's address, kept to tie a publish to the upload (never the address). */
  uploaderKey: string | null;
  ratedAt: string;
}

type Handled =
  | RecordedEvent<PhotoRated['type'], PhotoRated['data']>
  | RecordedEvent<PhotoRejected['type'], PhotoRejected['data']>;

export const photoRatingsProjection: Projection<PhotoRatingDocument> = {
  collection: PHOTO_RATINGS,
  handles: ['PhotoRated', 'PhotoRejected'],

  documentId(event) {
    const ratingId = (event.data as { ratingId?: unknown } | null)?.ratingId;
    return typeof ratingId === 'string' ? ratingId : null;
  },

  apply(_document, recorded) {
    const event = recorded as Handled;
    const uploaderKey =
      recorded.metadata.actor.type === 'visitor' ? recorded.metadata.actor.id : null;
    if (event.type === 'PhotoRated') {
      const d = event.data;
      return {
        _id: d.ratingId,
        status: 'rated',
        imageUrl: d.imageUrl,
        thumbnailUrl: d.thumbnailUrl,
        imageHash: d.imageHash,
        contentHash: d.contentHash,
        overall: d.overall,
        toeAlignment: d.toeAlignment,
        toeNails: d.toeNails,
        footShape: d.footShape,
        aesthetic: d.aesthetic,
        comment: d.comment,
        rejectionReason: null,
        rater: d.rater,
        uploaderKey,
        ratedAt: recorded.metadata.at,
      };
    }
    const d = event.data;
    return {
      _id: d.ratingId,
      status: 'rejected',
      imageUrl: null,
      thumbnailUrl: null,
      imageHash: d.imageHash,
      contentHash: d.contentHash,
      overall: null,
      toeAlignment: null,
      toeNails: null,
      footShape: null,
      aesthetic: null,
      comment: null,
      rejectionReason: d.reason,
      rater: d.rater,
      uploaderKey,
      ratedAt: recorded.metadata.at,
    };
  },
};
