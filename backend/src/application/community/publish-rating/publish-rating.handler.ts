import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RATING_NOT_FOUND } from '../../../domain/photo-rating/photo-rating.decider';
import type { AiRating, PostImage } from '../../../domain/post/post.events';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import type { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.provider';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import {
  PHOTO_RATINGS,
  type PhotoRatingDocument,
} from '../../../projections/photo-ratings/photo-ratings.projection';
import { publishKeyHash } from '../../rate-photo/photo-assessment';
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { BannedAuthors } from '../banned-authors';
import { KEYED_HASHER, type KeyedHasher } from '../../ports/keyed-hasher.port';
import { publishPost } from '../post-publishing';
import { SimilarPhotos } from '../similar-photos';
import { type PublishedRatingClaim, PublishRatingCommand } from './publish-rating.command';

export const RATING_MISMATCH = 'These scores are not the ones this photo was rated with';

/**
 * Publishing a rating uses the server's own record of it, found by its image: the scores the
 * browser sends only have to agree with it. The rating's own stream decides the publish: only
 * for whoever presents the publish key its upload answered, at most once, never once discarded
 * (see the photo-rating decider). The post takes the rating's id, so the post decider refuses a
 * second post of it too (ratings published before the rating's stream recorded it).
 */
@CommandHandler(PublishRatingCommand)
export class PublishRatingHandler implements ICommandHandler<PublishRatingCommand> {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly similarPhotos: SimilarPhotos,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(KEYED_HASHER) private readonly hasher: KeyedHasher,
    private readonly bannedAuthors: BannedAuthors,
  ) {}

  async execute(command: PublishRatingCommand): Promise<{ id: string }> {
    const { userId, claim, correlationId } = command;
    const records = (
      await this.readStore.find<PhotoRatingDocument>(PHOTO_RATINGS, { imageUrl: claim.imageUrl })
    ).filter((record) => record.status === 'rated' && record.imageHash === claim.imageHash);
    if (records.length === 0) throw new NotFoundError(RATING_NOT_FOUND);
    const matching = records.filter((record) => sameScores(record, claim));
    if (matching.length === 0) throw new ValidationError(RATING_MISMATCH);
    // The same photo uploaded twice has two records: the presenter's own one not yet published,
    // else their own one, else any (whose stream then says why not).
    const presented = claim.publishKey ? publishKeyHash(claim.publishKey) : null;
    const own = (r: PhotoRatingDocument) => !r.publishKeyHash || r.publishKeyHash === presented;
    const record =
      matching.find((r) => own(r) && r.postId === null) ?? matching.find(own) ?? matching[0];

    // Only for whoever may publish it: anyone else is refused by the claim, with no work done.
    const photo = own(record) ? await this.similarPhotos.ofRecorded(record) : null;
    if (photo) await this.similarPhotos.assertNotPostedBy(photo, userId, record._id);
    const settled = await publishPost(
      this.writes,
      this.hasher,
      this.similarPhotos,
      {
        userId,
        postId: record._id,
        rating: { ratingId: record._id, publishKeyHash: presented },
        photo,
        image: imageOf(record),
        ai: aiRatingOf(record),
        gate: record.gate ?? null,
        requireApproval: this.config.postsRequireApproval,
        origin: command.origin,
      },
      // Every decision of the publish is taken at one time.
      by.member(userId, correlationId, this.writes.now()),
    );
    // Banned as it was published: the post goes with the ban.
    await this.bannedAuthors.afterWriting(userId, { postId: record._id }, correlationId, settled);
    return { id: record._id };
  }
}

function sameScores(record: PhotoRatingDocument, claim: PublishedRatingClaim): boolean {
  return (
    record.overall?.toFixed(1) === claim.averageRating.toFixed(1) &&
    record.toeAlignment === claim.toeAlignment &&
    record.toeNails === claim.toeNails &&
    record.footShape === claim.footShape &&
    record.aesthetic === claim.aesthetic &&
    record.comment === claim.aiComment
  );
}

function imageOf(record: PhotoRatingDocument): PostImage {
  return {
    imageUrl: record.imageUrl!,
    thumbnailUrl: record.thumbnailUrl!,
    imageHash: record.imageHash,
    contentHash: record.contentHash,
    ...(record.fingerprint && { fingerprint: record.fingerprint }),
    ...(record.fingerprintVersion && { fingerprintVersion: record.fingerprintVersion }),
    ...(record.width && record.height && { width: record.width, height: record.height }),
  };
}

function aiRatingOf(record: PhotoRatingDocument): AiRating {
  return {
    ratingId: record._id,
    overall: record.overall!,
    toeAlignment: record.toeAlignment!,
    toeNails: record.toeNails!,
    footShape: record.footShape!,
    aesthetic: record.aesthetic!,
    comment: record.comment!,
    rater: record.rater,
  };
}
