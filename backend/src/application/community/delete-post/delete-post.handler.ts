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
import { CommunityWrites } from '../community-writes';
import { postStreamId } from '../post-publishing';
import { DeletePostCommand } from './delete-post.command';

/**
 * The owner deletes a post: it leaves every board and page with its comments and likes, its
 * photo may be posted again, and its stored image goes too once no other post shows the same
 * file.
 */
@CommandHandler(DeletePostCommand)
export class DeletePostHandler implements ICommandHandler<DeletePostCommand> {
  constructor(
    private readonly writes: CommunityWrites,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
  ) {}

  async execute({ userId, postId, correlationId }: DeletePostCommand): Promise<bigint | null> {
    const decided = await this.writes.decide(
      postDecider,
      postStreamId(postId),
      { type: 'DeletePost', data: { postId, userId } },
      userId,
      correlationId,
    );
    const [deleted] = decided.events;
    if (deleted?.type !== 'PostDeleted') return decided.position;
    // Its photo is the author's to post again.
    const released = await this.writes.decide(
      accountPhotosDecider,
      accountPhotosStreamId(deleted.data.authorId),
      { type: 'ReleasePhoto', data: { userId: deleted.data.authorId, postId } },
      userId,
      correlationId,
    );
    const position = released.position ?? decided.position;
    await this.writes.settled(position);
    // The same file may still be shown by another post, or wait in a rating not yet published
    // (the same photo uploaded again): then it stays.
    const keys = imageKeys(deleted.data.contentHash);
    const imageUrl = publicImageUrl(keys.image);
    if (!(await this.writes.reads.photoInUse(deleted.data.contentHash, imageUrl))) {
      await this.images.delete(keys.image);
      await this.images.delete(keys.thumbnail);
    }
    return position;
  }
}
