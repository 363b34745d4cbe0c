import { Command } from '@nestjs/cqrs';
import type { EmailPreferences } from '../../domain/user/user.events';
import type { ProfileChanges } from '../../domain/user/user-profile';
import type { UserDocument } from '../../projections/users/users.projection';

/**
 * The account use cases. Each command is handled by the handler of the same name in this folder;
 * every one that changes something waits until the read models include its events before it
 * answers (read-your-writes).
 */

/** A new session: the token goes into the cookie and nowhere else. */
export interface SignedIn {
  user: UserDocument;
  sessionToken: string;
}

export class RegisterUserCommand extends Command<SignedIn> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly correlationId: string,
    /** The browser the account signs in with ("Firefox on Linux"), when it says. */
    readonly browser: string | null = null,
  ) {
    super();
  }
}

export class LogInCommand extends Command<SignedIn> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly correlationId: string,
    readonly browser: string | null = null,
  ) {
    super();
  }
}

export class LogOutCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly correlationId: string,
    /** Ended from the account's list of signed-in browsers: a session it does not hold is 404. */
    readonly fromList = false,
  ) {
    super();
  }
}

export interface EmailVerifiedResult {
  user: UserDocument;
  /** Set when a password was chosen: the browser that verified is signed in afresh. */
  sessionToken: string | null;
}

export class VerifyEmailCommand extends Command<EmailVerifiedResult> {
  constructor(
    readonly token: string,
    /** The session of the browser the link was opened in, if any (of any account). */
    readonly signedIn: { userId: string; sessionId: string } | null,
    /** The password chosen by the person opening the link, where it was asked for. */
    readonly password: string | null,
    readonly correlationId: string,
    readonly browser: string | null = null,
  ) {
    super();
  }
}

/** Answers nothing either way: the api says the same whether or not the account exists. */
export class ResendVerificationCommand extends Command<void> {
  constructor(
    readonly email: string,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class RequestPasswordResetCommand extends Command<void> {
  constructor(
    readonly email: string,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class ResetPasswordCommand extends Command<void> {
  constructor(
    readonly token: string,
    readonly password: string,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class ChangeEmailPreferencesCommand extends Command<UserDocument> {
  constructor(
    readonly userId: string,
    readonly changes: Partial<EmailPreferences>,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class UpdateProfileCommand extends Command<UserDocument> {
  constructor(
    readonly userId: string,
    readonly changes: ProfileChanges,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class ChangeProfilePictureCommand extends Command<{ profilePictureUrl: string }> {
  constructor(
    readonly userId: string,
    readonly image: Buffer,
    readonly correlationId: string,
  ) {
    super();
  }
}
