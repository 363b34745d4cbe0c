import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  accountPhotosDecider,
  accountPhotosStreamId,
} from '../../../domain/post/account-photos.decider';
import { postDecider } from '../../../domain/post/post.decider';
import {
  IMAGE_STORAGE,
  imageKeys,
  type ImageStorage,
  publicImageUrl,
} from '../../ports/image-storage.port';
import { by } from '../../shared/command-metadata';
import { GonePost } from '../gone-post';
import { StreamWrites } from '../../shared/stream-writes';
import { PostReads } from '../post-reads';
import { postStreamId } from '../post-publishing';
import { DeletePostCommand } from './delete-post.command';

/**
 * The owner deletes a post: it leaves every board and page with its comments and likes, a boost
 * running on it ends, its pending reports are closed, its photo may be posted again, and its
 * stored image goes too once no other post shows the same file.
 */
@CommandHandler(DeletePostCommand)
export class DeletePostHandler implements ICommandHandler<DeletePostCommand> {
  constructor(
    private readonly writes: StreamWrites,
    private readonly reads: PostReads,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
    private readonly gone: GonePost,
  ) {}

  async execute({ userId, postId, correlationId }: DeletePostCommand): Promise<bigint | null> {
    const decidedBy = by.member(userId, correlationId);
    const decided = await this.writes.decide(
      postStreamId(postId),
      postDecider,
      { type: 'DeletePost', data: { postId, userId } },
      decidedBy,
    );
    const [deleted] = decided.events;
    if (deleted?.type !== 'PostDeleted') return decided.position;
    // Its photo is the author's to post again.
    const released = await this.writes.decide(
      accountPhotosStreamId(deleted.data.authorId),
      accountPhotosDecider,
      { type: 'ReleasePhoto', data: { userId: deleted.data.authorId, postId } },
      decidedBy,
    );
    await this.writes.settled(released.position ?? decided.position);
    // Its boost ends, and its pending reports are closed (nobody judged the post).
    const gone = await this.gone.settle(postId, { cause: 'post_deleted' }, decidedBy);
    const position = gone ?? released.position ?? decided.position;
    // The same file may still be shown by another post, or wait in a rating not yet published
    // (the same photo uploaded again): then it stays.
    const keys = imageKeys(deleted.data.contentHash);
    const imageUrl = publicImageUrl(keys.image);
    if (!(await this.reads.photoInUse(deleted.data.contentHash, imageUrl))) {
      await this.images.delete(keys.image);
      await this.images.delete(keys.thumbnail);
    }
    return position;
  }
}
