import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { postDecider } from '../../../domain/post/post.decider';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import {
  IMAGE_STORAGE,
  imageKeys,
  type ImageStorage,
  publicImageUrl,
} from '../../ports/image-storage.port';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { PHOTO_RATINGS } from '../../../projections/photo-ratings/photo-ratings.projection';
import { POSTS } from '../../../projections/posts/posts.projection';
import { CLOCK, type Clock } from '../../shared/clock';
import { commandMetadata, userActor } from '../../shared/command-metadata';
import { runDecider } from '../../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { postStreamId } from '../post-publishing';
import { DeletePostCommand } from './delete-post.command';

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
      postStreamId(postId),
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
