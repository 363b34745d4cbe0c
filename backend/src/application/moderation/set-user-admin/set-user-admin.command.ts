import { Command } from '@nestjs/cqrs';
import type { AdminAct } from '../moderation-writes';

/** Gives or takes an account's staff flag (the header's Admin link; it opens no admin api). */
export class SetUserAdminCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly userId: string,
    readonly isAdmin: boolean,
  ) {
    super();
  }
}
