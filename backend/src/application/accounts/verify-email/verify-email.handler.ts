import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConflictError, ForbiddenError, ValidationError } from '../../../domain/shared/errors';
import { assertHardToGuess } from '../../shared/password-guessability';
import { assertPasswordPolicy } from '../../../domain/user/account-rules';
import { TOKEN_MESSAGES } from '../../../domain/user/user.decider';
import { hashPresentedToken } from '../account-secrets';
import { newSession, type NewSession } from '../credentials';
import { by } from '../../shared/command-metadata';
import { CREDENTIAL_WRITE_ATTEMPTS, UserStream } from '../user-stream';
import { type EmailVerifiedResult, VerifyEmailCommand } from './verify-email.command';

export const FOREIGN_VERIFICATION_LINK =
  'This verification link belongs to another account. Please sign out and open it again.';

/**
 * Opening the link verifies the account it was sent for and leaves it to the person who opened
 * it (the decider's `VerifyEmail` says how): a browser signed in to the account keeps its
 * session and every other one ends; elsewhere the person chooses a password, which replaces the
 * registration's, and this browser is signed in. Where another account is signed in it is
 * refused, so a link cannot switch a browser's account.
 */
@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<
  VerifyEmailCommand,
  EmailVerifiedResult
> {
  constructor(private readonly account: UserStream) {}

  async execute(command: VerifyEmailCommand): Promise<EmailVerifiedResult> {
    const tokenHash = hashPresentedToken(command.token);
    const userId = tokenHash && (await this.account.tokenOwner(tokenHash, 'email-verification'));
    const { signedIn, password } = command;
    if (!tokenHash || !userId) {
      // A link past its time (forgotten) opened where its verified account is signed in: that
      // member learns about their own account only.
      if (signedIn?.emailVerified) throw new ConflictError(TOKEN_MESSAGES.alreadyVerified);
      throw new ValidationError(TOKEN_MESSAGES.verificationInvalid);
    }
    if (signedIn !== null && signedIn.userId !== userId) {
      throw new ForbiddenError(FOREIGN_VERIFICATION_LINK);
    }

    let session: NewSession | null = null;
    let chosenPassword = null;
    if (password !== null) {
      assertPasswordPolicy(password);
      assertHardToGuess(password);
      session = newSession();
      chosenPassword = {
        passwordHash: await this.account.hash(password),
        session: {
          sessionId: session.sessionId,
          tokenHash: session.tokenHash,
          browser: command.browser,
        },
      };
    }
    // The sessions it ends are refused at once, even while the read models catch up.
    const decided = await this.account.decideOnUser(
      userId,
      {
        type: 'VerifyEmail',
        data: { tokenHash, keepSessionId: signedIn?.sessionId ?? null, chosenPassword },
      },
      by.member(userId, command.correlationId),
      { maxAttempts: CREDENTIAL_WRITE_ATTEMPTS },
    );
    return {
      user: await this.account.fresh(userId, decided.position),
      sessionToken: session?.token ?? null,
    };
  }
}
