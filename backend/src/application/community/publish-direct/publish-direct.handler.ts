import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.provider';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { PhotoAssessment, publishKeyHash } from '../../rate-photo/photo-assessment';
import { CLOCK, type Clock } from '../../shared/clock';
import { commandMetadata, userActor } from '../../shared/command-metadata';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { KEYED_HASHER, type KeyedHasher } from '../../ports/keyed-hasher.port';
import { publishPost } from '../post-publishing';
import { SimilarPhotos } from '../similar-photos';
import { PublishDirectCommand } from './publish-direct.command';
import { newRecordId } from '../../shared/record-ids';
import { FINGERPRINT_VERSION } from '../../../domain/post/photo-fingerprint';

/** A photo posted without a rating: checked like an upload, rated by the community only. */
@CommandHandler(PublishDirectCommand)
export class PublishDirectHandler implements ICommandHandler<PublishDirectCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly assessment: PhotoAssessment,
    private readonly similarPhotos: SimilarPhotos,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(KEYED_HASHER) private readonly hasher: KeyedHasher,
  ) {}

  async execute(command: PublishDirectCommand): Promise<{ id: string }> {
    const { userId, image, correlationId } = command;
    const { rated, publishKey, fingerprint } = await this.assessment.assess(
      image,
      userActor(userId),
      correlationId,
    );
    const postId = newRecordId();
    // The fingerprint the upload was just made with: the stored file is not read again.
    const photo = {
      imageHash: rated.imageHash,
      probes: fingerprint.probes,
      keys: fingerprint.keys,
      fingerprintVersion: FINGERPRINT_VERSION,
    };
    await this.similarPhotos.assertNotPostedBy(photo, userId, postId);
    const metadata = commandMetadata(userActor(userId), this.clock.now(), correlationId);
    await publishPost(
      this.eventStore,
      this.hasher,
      this.progress,
      this.similarPhotos,
      {
        userId,
        postId,
        // The photo's rating record is this post's: it waits for no other publish, so deleting
        // the post deletes the file.
        rating: { ratingId: rated.ratingId, publishKeyHash: publishKeyHash(publishKey) },
        photo,
        image: {
          imageUrl: rated.imageUrl,
          thumbnailUrl: rated.thumbnailUrl,
          imageHash: rated.imageHash,
          contentHash: rated.contentHash,
        },
        ai: null,
        gate: rated.gate ?? null,
        requireApproval: this.config.postsRequireApproval,
        origin: command.origin,
      },
      metadata,
    );
    return { id: postId };
  }
}
