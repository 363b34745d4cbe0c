import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ModerationWrites } from '../moderation-writes';
import { RemovePostCommand } from './remove-post.command';

@CommandHandler(RemovePostCommand)
export class RemovePostHandler implements ICommandHandler<RemovePostCommand, void> {
  constructor(private readonly writes: ModerationWrites) {}

  execute({ act, postId, reason }: RemovePostCommand): Promise<void> {
    return this.writes.decideOnPost(act, postId, { type: 'RemovePost', data: { postId, reason } });
  }
}
