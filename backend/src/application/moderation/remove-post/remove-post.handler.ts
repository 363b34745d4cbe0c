import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { GonePost } from '../../community/gone-post';
import { by } from '../../shared/command-metadata';
import { ModerationWrites } from '../moderation-writes';
import { RemovePostCommand } from './remove-post.command';

/** Removes the post for good, ends its boost, then settles its pending reports with the removal. */
@CommandHandler(RemovePostCommand)
export class RemovePostHandler implements ICommandHandler<RemovePostCommand, void> {
  constructor(
    private readonly writes: ModerationWrites,
    private readonly gone: GonePost,
  ) {}

  async execute({ act, postId, reason }: RemovePostCommand): Promise<void> {
    const admin = by.admin(act);
    await this.writes.decideOnPost(postId, { type: 'RemovePost', data: { postId, reason } }, admin);
    await this.gone.settle(postId, { cause: 'post_removed', reason: reason.trim() }, admin);
  }
}
