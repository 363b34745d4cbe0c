import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { by } from '../../shared/command-metadata';
import { ModerationWrites } from '../moderation-writes';
import { ApprovePostCommand } from './approve-post.command';

@CommandHandler(ApprovePostCommand)
export class ApprovePostHandler implements ICommandHandler<ApprovePostCommand, void> {
  constructor(private readonly writes: ModerationWrites) {}

  execute({ act, postId }: ApprovePostCommand): Promise<void> {
    return this.writes.decideOnPost(
      postId,
      { type: 'ApprovePost', data: { postId } },
      by.admin(act),
    );
  }
}
