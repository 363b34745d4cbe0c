import { Command } from '@nestjs/cqrs';
import type { ClearableProfileField } from '../../../domain/user/user.events';
import type { AdminAct } from '../moderation-writes';

/** Clears fields of an account's public profile (a name, the bio, links, the picture). */
export class ClearProfileFieldsCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly userId: string,
    readonly fields: ClearableProfileField[],
    readonly reason: string,
  ) {
    super();
  }
}
