import { Command } from '@nestjs/cqrs';
import type { ActingAdmin } from '../admin-credentials';

/** Answers the new admin's id. */
export class CreateAdminCommand extends Command<string> {
  constructor(
    readonly acting: ActingAdmin,
    readonly username: string,
    readonly password: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
