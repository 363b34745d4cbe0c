import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { by } from '../../shared/command-metadata';
import { ModerationWrites } from '../moderation-writes';
import { SetPostVisibilityCommand } from './set-post-visibility.command';

@CommandHandler(SetPostVisibilityCommand)
export class SetPostVisibilityHandler implements ICommandHandler<SetPostVisibilityCommand, void> {
  constructor(private readonly writes: ModerationWrites) {}

  execute({ act, postId, isPublic, reason }: SetPostVisibilityCommand): Promise<void> {
    return this.writes.decideOnPost(
      postId,
      { type: 'SetPostVisibility', data: { postId, isPublic, reason } },
      by.admin(act),
    );
  }
}
