import type {
  GateVerdict,
  PhotoRated,
  PhotoRatingPublished,
  PhotoRejected,
  UnpublishedPhotoDiscarded,
} from '../../domain/photo-rating/photo-rating.events';
import type { PostPublished } from '../../domain/post/post.events';
import type { RecordedEvent } from '../../domain/shared/event';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const PHOTO_RATINGS = 'photo_ratings';

/**
 * The server's own record of each rating, looked up by its image when the rating is published
 * (scores sent by a browser are never trusted). A rated photo nobody published is `discarded`
 * when it expires or its uploader erases the account.
 */
export interface PhotoRatingDocument extends ReadDocument {
  status: 'rated' | 'rejected' | 'discarded';
  imageUrl: string | null;
  thumbnailUrl: string | null;
  imageHash: string;
  contentHash: string;
  /** The re-post fingerprint's keys, when the rating recorded them. */
  fingerprint?: string[];
  fingerprintVersion?: number;
  /** The stored photo's size in pixels, when the rating recorded it. */
  width?: number;
  height?: number;
  overall: number | null;
  toeAlignment: number | null;
  toeNails: number | null;
  footShape: number | null;
  aesthetic: number | null;
  comment: string | null;
  rejectionReason: string | null;
  rater: string;
  /**
   * The content gate's verdict (its scores included): a `review` holds the post the rating
   * becomes. Absent on ratings recorded before the gate.
   */
  gate?: GateVerdict | null;
  /** Hash of a visitor uploader's address (never the address); null for an account's upload. */
  uploaderKey: string | null;
  /** The account that uploaded while signed in; null for a visitor (and older ratings). */
  uploaderId?: string | null;
  /** sha256 of the publish key the upload answered; null for ratings recorded before it. */
  publishKeyHash?: string | null;
  /** The mark of the uploading browser's key (see PhotoRated); null for older ratings. */
  viewerMark?: string | null;
  ratedAt: string;
  /** The post it was published as (a rating is published at most once); null until then. */
  postId: string | null;
}

type Handled =
  | RecordedEvent<PhotoRated['type'], PhotoRated['data']>
  | RecordedEvent<PhotoRejected['type'], PhotoRejected['data']>
  | RecordedEvent<PhotoRatingPublished['type'], PhotoRatingPublished['data']>
  | RecordedEvent<UnpublishedPhotoDiscarded['type'], UnpublishedPhotoDiscarded['data']>
  | RecordedEvent<PostPublished['type'], PostPublished['data']>;

export const photoRatingsProjection: Projection<PhotoRatingDocument> = {
  collection: PHOTO_RATINGS,
  handles: [
    'PhotoRated',
    'PhotoRejected',
    'PhotoRatingPublished',
    'UnpublishedPhotoDiscarded',
    'PostPublished',
  ],
  indexes: [
    // Publishing finds the record by its image.
    { keys: { imageUrl: 1 } },
    // The expiry sweep: rated photos nobody published, oldest first.
    { keys: { status: 1, postId: 1, ratedAt: 1 } },
    // An erasure: the account's own uploads.
    { keys: { uploaderId: 1 } },
  ],

  documentId(recorded) {
    const event = recorded as Handled;
    const ratingId =
      event.type === 'PostPublished' ? event.data?.ai?.ratingId : event.data?.ratingId;
    return typeof ratingId === 'string' ? ratingId : null;
  },

  apply(document, recorded) {
    const event = recorded as Handled;
    if (event.type === 'PostPublished' || event.type === 'PhotoRatingPublished') {
      return document ? { ...document, postId: event.data.postId } : null;
    }
    if (event.type === 'UnpublishedPhotoDiscarded') {
      return document ? { ...document, status: 'discarded' } : null;
    }
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
        ...(d.fingerprint && { fingerprint: d.fingerprint }),
        ...(d.fingerprintVersion && { fingerprintVersion: d.fingerprintVersion }),
        ...(d.width && d.height && { width: d.width, height: d.height }),
        overall: d.overall,
        toeAlignment: d.toeAlignment,
        toeNails: d.toeNails,
        footShape: d.footShape,
        aesthetic: d.aesthetic,
        comment: d.comment,
        rejectionReason: null,
        rater: d.rater,
        gate: d.gate ?? null,
        uploaderKey,
        uploaderId: d.uploaderId ?? null,
        publishKeyHash: d.publishKeyHash ?? null,
        viewerMark: d.viewerMark ?? null,
        ratedAt: recorded.metadata.at,
        postId: null,
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
      gate: d.gate ?? null,
      uploaderKey,
      ratedAt: recorded.metadata.at,
      postId: null,
    };
  },
};
