import { Command } from '@nestjs/cqrs';
import { UnauthenticatedError } from '../../../domain/shared/errors';

export const INVALID_ADMIN_LOGIN = 'Invalid credentials';

/** A wrong username or password (one answer for both); the api counts it as a failed sign-in. */
export class InvalidAdminLoginError extends UnauthenticatedError {
  constructor() {
    super(INVALID_ADMIN_LOGIN);
  }
}

export interface AdminSignedInResult {
  admin: { id: string; username: string };
  sessionToken: string;
}

export class AdminLogInCommand extends Command<AdminSignedInResult> {
  constructor(
    readonly username: string,
    readonly password: string,
    readonly correlationId: string,
    /** The sha256 of a new remembered-browser secret the sign-in leaves in this browser, if any. */
    readonly rememberedBrowserHash: string | null = null,
  ) {
    super();
  }
}
