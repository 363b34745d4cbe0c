import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.provider';
import { raterKind } from '../../ports/rater.port';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { PhotoAssessment } from '../photo-assessment';
import { RatePhotoCommand, type RatePhotoResult } from './rate-photo.command';

/** Upload to rating: the assessed photo's scores, as the results screen shows them. */
@CommandHandler(RatePhotoCommand)
export class RatePhotoHandler implements ICommandHandler<RatePhotoCommand, RatePhotoResult> {
  constructor(
    private readonly assessment: PhotoAssessment,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: RatePhotoCommand): Promise<RatePhotoResult> {
    const { rated, position, publishKey } = await this.assessment.assess(
      command.image,
      command.actor,
      command.correlationId,
      command.viewerMark,
    );
    // Publishing looks the rating up in the read models: have it there before answering.
    await this.progress.waitFor(position);
    return {
      averageRating: rated.overall.toFixed(1),
      toeAlignment: rated.toeAlignment,
      toeNails: rated.toeNails,
      footShape: rated.footShape,
      aesthetic: rated.aesthetic,
      aiComment: rated.comment,
      rater: raterKind(rated.rater),
      imageUrl: rated.imageUrl,
      imageHash: rated.imageHash,
      publishKey,
      // What its post will be (the post's stream decides it again when it is published).
      heldForReview: rated.gate?.outcome === 'review' || this.config.postsRequireApproval,
    };
  }
}
