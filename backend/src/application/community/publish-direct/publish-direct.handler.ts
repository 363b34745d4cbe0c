import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.provider';
import { PhotoAssessment, publishKeyHash } from '../../rate-photo/photo-assessment';
import { by, userActor } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { BannedAuthors } from '../banned-authors';
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
    private readonly writes: StreamWrites,
    private readonly assessment: PhotoAssessment,
    private readonly similarPhotos: SimilarPhotos,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(KEYED_HASHER) private readonly hasher: KeyedHasher,
    private readonly bannedAuthors: BannedAuthors,
  ) {}

  async execute(command: PublishDirectCommand): Promise<{ id: string }> {
    const { userId, image, correlationId } = command;
    const { rated, publishKey, fingerprint, keypoints } = await this.assessment.assess(
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
      keypoints,
    };
    await this.similarPhotos.assertNotPostedBy(photo, userId, postId);
    const settled = await publishPost(
      this.writes,
      this.hasher,
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
          ...(rated.width && rated.height && { width: rated.width, height: rated.height }),
        },
        ai: null,
        gate: rated.gate ?? null,
        requireApproval: this.config.postsRequireApproval,
        origin: command.origin,
      },
      // Every decision of the publish is taken at one time.
      by.member(userId, correlationId, this.writes.now()),
    );
    // Banned as it was published: the post goes with the ban.
    await this.bannedAuthors.afterWriting(userId, { postId: postId }, correlationId, settled);
    return { id: postId };
  }
}
