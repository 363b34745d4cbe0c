import { Command } from '@nestjs/cqrs';
import type { EmailPreferences } from '../../../domain/user/user.events';
import type { UserDocument } from '../../../projections/users/users.projection';

export class ChangeEmailPreferencesCommand extends Command<UserDocument> {
  constructor(
    readonly userId: string,
    readonly changes: Partial<EmailPreferences>,
    readonly correlationId: string,
  ) {
    super();
  }
}
