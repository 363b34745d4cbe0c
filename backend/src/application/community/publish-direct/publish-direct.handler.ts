import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { postDecider } from '../../../domain/post/post.decider';
import type { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.provider';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { PhotoAssessment, publishKeyHash } from '../../rate-photo/photo-assessment';
import { CLOCK, type Clock } from '../../shared/clock';
import { commandMetadata, userActor } from '../../shared/command-metadata';
import { runDecider } from '../../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { claimRating, postStreamId } from '../post-publishing';
import { SimilarPhotos } from '../similar-photos';
import { PublishDirectCommand } from './publish-direct.command';
import { newRecordId } from '../../shared/record-ids';

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
  ) {}

  async execute({ userId, image, correlationId }: PublishDirectCommand): Promise<{ id: string }> {
    const { rated, publishKey } = await this.assessment.assess(
      image,
      userActor(userId),
      correlationId,
    );
    const postId = newRecordId();
    const metadata = commandMetadata(userActor(userId), this.clock.now(), correlationId);
    // The photo's rating record is this post's: it waits for no other publish, so deleting the
    // post deletes the file.
    await claimRating(
      this.eventStore,
      rated.ratingId,
      postId,
      userId,
      publishKeyHash(publishKey),
      metadata,
    );
    const decided = await runDecider(
      this.eventStore,
      postDecider,
      postStreamId(postId),
      {
        type: 'PublishPost',
        data: {
          postId,
          authorId: userId,
          image: {
            imageUrl: rated.imageUrl,
            thumbnailUrl: rated.thumbnailUrl,
            imageHash: rated.imageHash,
            contentHash: rated.contentHash,
          },
          ai: null,
          similarTo: await this.similarPhotos.postedByOthers(rated.imageHash, userId),
          gate: rated.gate ?? null,
          requireApproval: this.config.postsRequireApproval,
        },
      },
      metadata,
    );
    await this.progress.waitFor(decided.position);
    return { id: postId };
  }
}
