import { Command } from '@nestjs/cqrs';
import type { ProfileChanges } from '../../../domain/user/user-profile';
import type { UserDocument } from '../../../projections/users/users.projection';

export class UpdateProfileCommand extends Command<UserDocument> {
  constructor(
    readonly userId: string,
    readonly changes: ProfileChanges,
    readonly correlationId: string,
  ) {
    super();
  }
}
