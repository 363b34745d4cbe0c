import { Command } from '@nestjs/cqrs';
import type { UserDocument } from '../../../projections/users/users.projection';

export interface EmailVerifiedResult {
  user: UserDocument;
  /** Set when a password was chosen: the browser that verified is signed in afresh. */
  sessionToken: string | null;
}

export class VerifyEmailCommand extends Command<EmailVerifiedResult> {
  constructor(
    readonly token: string,
    /**
     * The session of the browser the link was opened in, if any (of any account), and whether
     * that account's email is verified already.
     */
    readonly signedIn: { userId: string; sessionId: string; emailVerified?: boolean } | null,
    /** The password chosen by the person opening the link, where it was asked for. */
    readonly password: string | null,
    readonly correlationId: string,
    readonly browser: string | null = null,
  ) {
    super();
  }
}
