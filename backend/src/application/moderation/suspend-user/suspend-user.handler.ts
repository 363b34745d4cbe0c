import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { by } from '../../shared/command-metadata';
import { ModerationWrites } from '../moderation-writes';
import { SuspendUserCommand } from './suspend-user.command';

@CommandHandler(SuspendUserCommand)
export class SuspendUserHandler implements ICommandHandler<SuspendUserCommand, void> {
  constructor(private readonly writes: ModerationWrites) {}

  async execute({ act, userId, reason }: SuspendUserCommand): Promise<void> {
    await this.writes.decideOnUser(
      userId,
      { type: 'SuspendUser', data: { reason } },
      by.admin(act),
    );
  }
}
