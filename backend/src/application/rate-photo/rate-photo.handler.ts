import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  photoRatingDecider,
  REJECTION_MESSAGES,
} from '../../domain/photo-rating/photo-rating.decider';
import { RejectedContentError } from '../../domain/shared/errors';
import { EVENT_STORE, type EventStore } from '../../infrastructure/event-store/event-store.port';
import { processImage } from '../../infrastructure/images/image-pipeline';
import {
  IMAGE_STORAGE,
  imageKeys,
  type ImageStorage,
  publicImageUrl,
} from '../../infrastructure/images/image-storage.port';
import { PHOTO_RATER, type PhotoRater } from '../../infrastructure/rater/rater.port';
import { CLOCK, type Clock } from '../shared/clock';
import { runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { RatePhotoCommand, type RatePhotoResult } from './rate-photo.command';

/**
 * Upload to rating: normalise the photo (real type from the bytes, metadata stripped,
 * re-encoded), ask the rater, and record its verdict. A rejected photo is recorded as a fact
 * (for moderation figures) and answered with 422.
 */
@CommandHandler(RatePhotoCommand)
export class RatePhotoHandler implements ICommandHandler<RatePhotoCommand, RatePhotoResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
    @Inject(PHOTO_RATER) private readonly rater: PhotoRater,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: RatePhotoCommand): Promise<RatePhotoResult> {
    const processed = await processImage(command.image);
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
      {
        actor: command.actor,
        now: this.clock.now(),
        correlationId: command.correlationId,
        causationId: command.correlationId,
      },
    );

    const [event] = decided.events;
    if (event.type === 'PhotoRejected') {
      throw new RejectedContentError(REJECTION_MESSAGES[event.data.reason]);
    }

    await this.progress.waitFor(decided.position);

    const rated = event.data;
    return {
      averageRating: rated.overall.toFixed(1),
      toeAlignment: rated.toeAlignment,
      toeNails: rated.toeNails,
      footShape: rated.footShape,
      aesthetic: rated.aesthetic,
      aiComment: rated.comment,
      imageUrl: rated.imageUrl,
      imageHash: rated.imageHash,
    };
  }
}
