import { Command } from '@nestjs/cqrs';

/** Answers the new admin's id. */
export class CreateAdminCommand extends Command<string> {
  constructor(
    readonly actingAdminId: string,
    readonly username: string,
    readonly password: string,
    readonly correlationId: string,
  ) {
    super();
  }
}

/** Never oneself, never the last active admin: the roster decides. */
export class DisableAdminCommand extends Command<void> {
  constructor(
    readonly actingAdminId: string,
    readonly adminId: string,
    readonly reason: string | null,
    readonly correlationId: string,
  ) {
    super();
  }
}

/** A new password for an admin; that admin's sessions end. */
export class SetAdminPasswordCommand extends Command<void> {
  constructor(
    readonly actingAdminId: string,
    readonly adminId: string,
    readonly password: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
