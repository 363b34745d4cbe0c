import { Command } from '@nestjs/cqrs';
import type { ActingAdmin } from '../admin-credentials';

/**
 * A new password for an admin: that admin's sessions end, except, when an admin changes its own,
 * the session it does so from.
 */
export class SetAdminPasswordCommand extends Command<void> {
  constructor(
    readonly acting: ActingAdmin,
    readonly adminId: string,
    readonly password: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
