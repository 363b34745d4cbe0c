import { Command } from '@nestjs/cqrs';

/**
 * Who acts on an admin account, and the password they typed again: creating an admin, disabling
 * one and setting a password re-authenticate the acting admin, so a stolen admin session alone
 * cannot take the admin area over.
 */
export interface ActingAdmin {
  adminId: string;
  sessionId: string;
  currentPassword: string;
}

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
