import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UserDocument } from '../../../projections/users/users.projection';
import { by } from '../../shared/command-metadata';
import { UserStream } from '../user-stream';
import { ChangeEmailPreferencesCommand } from './update-email-preferences.command';

@CommandHandler(ChangeEmailPreferencesCommand)
export class ChangeEmailPreferencesHandler implements ICommandHandler<
  ChangeEmailPreferencesCommand,
  UserDocument
> {
  constructor(private readonly account: UserStream) {}

  async execute({ userId, changes, correlationId }: ChangeEmailPreferencesCommand) {
    const command = { type: 'ChangeEmailPreferences' as const, data: changes };
    const decided = await this.account.decideOnUser(
      userId,
      command,
      by.member(userId, correlationId),
    );
    return this.account.fresh(userId, decided.position);
  }
}
