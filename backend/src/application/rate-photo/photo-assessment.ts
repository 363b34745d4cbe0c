import { FINGERPRINT_VERSION, type PhotoFingerprint } from '../../domain/post/photo-fingerprint';
import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import {
  photoRatingDecider,
  rejectionMessage,
} from '../../domain/photo-rating/photo-rating.decider';
import type { PhotoRated } from '../../domain/photo-rating/photo-rating.events';
import { RejectedContentError } from '../../domain/shared/errors';
import type { Actor } from '../../domain/shared/event';
import {
  type DecodedImage,
  IMAGE_PROCESSOR,
  type ImageProcessor,
} from '../ports/image-processor.port';
import {
  IMAGE_STORAGE,
  imageKeys,
  type ImageStorage,
  publicImageUrl,
} from '../ports/image-storage.port';
import { PHOTO_RATER, type PhotoRater } from '../ports/rater.port';
import { StreamWrites } from '../shared/stream-writes';
import { UploadChecks } from './upload-checks';
import { newRecordId } from '../shared/record-ids';

export interface AssessedPhoto {
  rated: PhotoRated['data'];
  /** Log position of the recorded verdict. */
  position: bigint | null;
  /**
   * The secret that publishing this rating needs, answered to the uploader alone (the log keeps
   * only its sha256): whoever merely learns the image's address cannot post the photo.
   */
  publishKey: string;
  /** The photo's re-post fingerprint, as made from the upload (current version). */
  fingerprint: PhotoFingerprint;
  /** Its keypoints for the re-post check's geometric look, found when first asked. */
  keypoints: DecodedImage['keypoints'];
}

/** How a publish key is kept and compared: its sha256, in hex. */
export function publishKeyHash(publishKey: string): string {
  return createHash('sha256').update(publishKey, 'utf8').digest('hex');
}

/**
 * Upload to verdict, shared by rating a photo and posting one directly: normalise the photo
 * (real type from the bytes, metadata stripped, re-encoded), pass the upload checks and the
 * content gate (see UploadChecks) while it is re-encoded, ask the rater, and record its verdict
 * with the gate's. A rejected photo is recorded as a fact (for moderation figures) and thrown as
 * RejectedContentError (422).
 */
@Injectable()
export class PhotoAssessment {
  constructor(
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
    private readonly writes: StreamWrites,
    @Inject(PHOTO_RATER) private readonly rater: PhotoRater,
    @Inject(IMAGE_PROCESSOR) private readonly imageProcessor: ImageProcessor,
    private readonly checks: UploadChecks,
  ) {}

  /**
   * `actor` is the uploader: an account when signed in (its uploads go with its erasure), else
   * the visitor; `viewerMark`, the mark of the uploading browser's key to its unpublished
   * uploads (see `viewerMark` on PhotoRated).
   */
  async assess(
    upload: Buffer,
    actor: Actor,
    correlationId: string,
    viewerMark: string | null = null,
  ): Promise<AssessedPhoto> {
    const image = await this.imageProcessor.decode(upload);
    const ratingId = newRecordId();
    // The gate judges the decoded pixels while libvips encodes what is stored.
    const gate = await this.checks.photo(image, { ratingId, actor, correlationId });
    const processed = await image.processed;
    const assessment = await this.rater.rate({
      image: processed.webp,
      mimeType: 'image/webp',
      features: processed.features,
    });

    const keys = imageKeys(processed.contentHash);
    if (assessment.verdict === 'ok') {
      // Stored before the fact that points at it, so its address never answers 404; a rejected
      // photo is never kept. Content-addressed: the same photo again writes nothing new.
      await Promise.all([
        this.images.put(keys.image, processed.webp, 'image/webp'),
        this.images.put(keys.thumbnail, processed.thumbnail, 'image/webp'),
      ]);
    }
    const publishKey = randomBytes(24).toString('base64url');
    const decided = await this.writes.decide(
      `rating-${ratingId}`,
      photoRatingDecider,
      {
        type: 'RecordAssessment',
        data: {
          ratingId,
          image: {
            imageUrl: publicImageUrl(keys.image),
            thumbnailUrl: publicImageUrl(keys.thumbnail),
            imageHash: processed.perceptualHash,
            contentHash: processed.contentHash,
            fingerprint: processed.fingerprint.keys,
            fingerprintVersion: FINGERPRINT_VERSION,
            width: processed.width,
            height: processed.height,
          },
          assessment,
          gate,
          uploader: {
            uploaderId: actor.type === 'user' ? actor.id : null,
            publishKeyHash: publishKeyHash(publishKey),
            viewerMark,
          },
        },
      },
      { actor, now: this.writes.now(), correlationId, causationId: correlationId },
      // A rating's id is new: its stream is started without being read first.
      { newStreamFirst: true },
    );

    const [event] = decided.events;
    if (event.type === 'PhotoRejected') {
      throw new RejectedContentError(rejectionMessage(event.data));
    }
    if (event.type !== 'PhotoRated') throw new Error(`Unexpected verdict ${event.type}`);
    return {
      rated: event.data,
      position: decided.position,
      publishKey,
      fingerprint: processed.fingerprint,
      keypoints: image.keypoints,
    };
  }
}
