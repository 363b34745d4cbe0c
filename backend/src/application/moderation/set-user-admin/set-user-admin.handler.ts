import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { by } from '../../shared/command-metadata';
import { ModerationWrites } from '../moderation-writes';
import { SetUserAdminCommand } from './set-user-admin.command';

@CommandHandler(SetUserAdminCommand)
export class SetUserAdminHandler implements ICommandHandler<SetUserAdminCommand, void> {
  constructor(private readonly writes: ModerationWrites) {}

  async execute({ act, userId, isAdmin }: SetUserAdminCommand): Promise<void> {
    await this.writes.decideOnUser(
      userId,
      { type: 'SetAdminFlag', data: { isAdmin } },
      by.admin(act),
    );
  }
}
