import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  photoRatingDecider,
  RATING_NOT_FOUND,
} from '../../domain/photo-rating/photo-rating.decider';
import { postDecider } from '../../domain/post/post.decider';
import type { AiRating, PostImage } from '../../domain/post/post.events';
import type { CommandMetadata } from '../../domain/shared/event';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import {
  IMAGE_STORAGE,
  imageKeys,
  type ImageStorage,
  publicImageUrl,
} from '../ports/image-storage.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import {
  PHOTO_RATINGS,
  type PhotoRatingDocument,
} from '../../projections/photo-ratings/photo-ratings.projection';
import { POSTS } from '../../projections/posts/posts.projection';
import { PhotoAssessment, publishKeyHash } from '../rate-photo/photo-assessment';
import { SimilarPhotos } from './similar-photos';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import {
  DeletePostCommand,
  PublishDirectCommand,
  type PublishedRatingClaim,
  PublishRatingCommand,
  userActor,
} from './community.commands';

export const RATING_MISMATCH = 'These scores are not the ones this photo was rated with';

const postStream = (postId: string) => `post-${postId}`;

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
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly similarPhotos: SimilarPhotos,
  ) {}

  async execute({ userId, claim, correlationId }: PublishRatingCommand): Promise<{ id: string }> {
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

    const metadata = commandMetadata(userActor(userId), this.clock.now(), correlationId);
    await claimRating(this.eventStore, record._id, record._id, userId, presented, metadata);
    const decided = await runDecider(
      this.eventStore,
      postDecider,
      postStream(record._id),
      {
        type: 'PublishPost',
        data: {
          postId: record._id,
          authorId: userId,
          image: imageOf(record),
          ai: aiRatingOf(record),
          similarTo: await this.similarPhotos.postedByOthers(record.imageHash, userId),
        },
      },
      metadata,
    );
    await this.progress.waitFor(decided.position);
    return { id: record._id };
  }
}

/** A photo posted without a rating: checked like an upload, rated by the community only. */
@CommandHandler(PublishDirectCommand)
export class PublishDirectHandler implements ICommandHandler<PublishDirectCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly assessment: PhotoAssessment,
    private readonly similarPhotos: SimilarPhotos,
  ) {}

  async execute({ userId, image, correlationId }: PublishDirectCommand): Promise<{ id: string }> {
    const { rated, publishKey } = await this.assessment.assess(
      image,
      userActor(userId),
      correlationId,
    );
    const postId = randomUUID();
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
      postStream(postId),
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
        },
      },
      metadata,
    );
    await this.progress.waitFor(decided.position);
    return { id: postId };
  }
}

/**
 * The owner deletes a post: it leaves every board and page with its comments and likes, and
 * its stored image goes too once no other post shows the same file.
 */
@CommandHandler(DeletePostCommand)
export class DeletePostHandler implements ICommandHandler<DeletePostCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  async execute({ userId, postId, correlationId }: DeletePostCommand): Promise<void> {
    const decided = await runDecider(
      this.eventStore,
      postDecider,
      postStream(postId),
      { type: 'DeletePost', data: { postId, userId } },
      commandMetadata(userActor(userId), this.clock.now(), correlationId),
    );
    const [deleted] = decided.events;
    if (deleted?.type !== 'PostDeleted') return;
    await this.progress.waitFor(decided.position);
    // The same file may still be shown by another post, or wait in a rating not yet published
    // (the same photo uploaded again): then it stays.
    const keys = imageKeys(deleted.data.contentHash);
    const [shown, waiting] = await Promise.all([
      this.readStore.count(POSTS, { contentHash: deleted.data.contentHash }),
      this.readStore.count(PHOTO_RATINGS, {
        imageUrl: publicImageUrl(keys.image),
        status: 'rated',
        postId: null,
      }),
    ]);
    if (shown === 0 && waiting === 0) {
      await this.images.delete(keys.image);
      await this.images.delete(keys.thumbnail);
    }
  }
}

/** The rating's own stream records that it becomes `postId`, or refuses (see its decider). */
async function claimRating(
  eventStore: EventStore,
  ratingId: string,
  postId: string,
  userId: string,
  presentedKeyHash: string | null,
  metadata: CommandMetadata,
): Promise<void> {
  await runDecider(
    eventStore,
    photoRatingDecider,
    `rating-${ratingId}`,
    { type: 'PublishRating', data: { ratingId, postId, userId, publishKeyHash: presentedKeyHash } },
    metadata,
  );
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
