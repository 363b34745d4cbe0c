import { Command } from '@nestjs/cqrs';
import type { ActingAdmin } from '../admin-credentials';

/** Never oneself, never the last active admin: the roster decides. */
export class DisableAdminCommand extends Command<void> {
  constructor(
    readonly acting: ActingAdmin,
    readonly adminId: string,
    readonly reason: string | null,
    readonly correlationId: string,
  ) {
    super();
  }
}
