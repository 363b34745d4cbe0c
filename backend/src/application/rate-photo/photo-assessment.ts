import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  photoRatingDecider,
  REJECTION_MESSAGES,
} from '../../domain/photo-rating/photo-rating.decider';
import type { PhotoRated } from '../../domain/photo-rating/photo-rating.events';
import { RejectedContentError } from '../../domain/shared/errors';
import type { Actor } from '../../domain/shared/event';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { IMAGE_PROCESSOR, type ImageProcessor } from '../ports/image-processor.port';
import {
  IMAGE_STORAGE,
  imageKeys,
  type ImageStorage,
  publicImageUrl,
} from '../ports/image-storage.port';
import { PHOTO_RATER, type PhotoRater } from '../ports/rater.port';
import { CLOCK, type Clock } from '../shared/clock';
import { runDecider } from '../shared/decider-runner';

export interface AssessedPhoto {
  rated: PhotoRated['data'];
  /** Log position of the recorded verdict. */
  position: bigint | null;
}

/**
 * Upload to verdict, shared by rating a photo and posting one directly: normalise the photo
 * (real type from the bytes, metadata stripped, re-encoded), ask the rater, and record its
 * verdict. A rejected photo is recorded as a fact (for moderation figures) and thrown as
 * RejectedContentError (422).
 */
@Injectable()
export class PhotoAssessment {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
    @Inject(PHOTO_RATER) private readonly rater: PhotoRater,
    @Inject(IMAGE_PROCESSOR) private readonly imageProcessor: ImageProcessor,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async assess(image: Buffer, actor: Actor, correlationId: string): Promise<AssessedPhoto> {
    const processed = await this.imageProcessor.process(image);
    const assessment = await this.rater.rate({
      image: processed.webp,
      mimeType: 'image/webp',
      features: processed.features,
    });

    const keys = imageKeys(processed.contentHash);
    if (assessment.verdict === 'ok') {
      // Stored before the fact that points at it, so its address never answers 404; a rejected
      // photo is never kept. Content-addressed: the same photo again writes nothing new.
      await this.images.put(keys.image, processed.webp, 'image/webp');
      await this.images.put(keys.thumbnail, processed.thumbnail, 'image/webp');
    }
    const ratingId = randomUUID();
    const decided = await runDecider(
      this.eventStore,
      photoRatingDecider,
      `rating-${ratingId}`,
      {
        type: 'RecordAssessment',
        data: {
          ratingId,
          image: {
            imageUrl: publicImageUrl(keys.image),
            thumbnailUrl: publicImageUrl(keys.thumbnail),
            imageHash: processed.perceptualHash,
            contentHash: processed.contentHash,
          },
          assessment,
        },
      },
      { actor, now: this.clock.now(), correlationId, causationId: correlationId },
    );

    const [event] = decided.events;
    if (event.type === 'PhotoRejected') {
      throw new RejectedContentError(REJECTION_MESSAGES[event.data.reason]);
    }
    return { rated: event.data, position: decided.position };
  }
}
