import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ForbiddenError, ValidationError } from '../../../domain/shared/errors';
import { assertPasswordPolicy } from '../../../domain/user/account-rules';
import { TOKEN_MESSAGES, userDecider } from '../../../domain/user/user.decider';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../../ports/password-hasher.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { commandMetadata } from '../../shared/command-metadata';
import { runDecider } from '../../shared/decider-runner';
import { AccountReads } from '../account-reads';
import { accountStreams, hashPresentedToken } from '../account-secrets';
import { newSession, type NewSession } from '../credentials';
import { SessionRevocations } from '../session-revocations';
import { CREDENTIAL_WRITE_ATTEMPTS } from '../user-stream';
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
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: AccountReads,
    private readonly revocations: SessionRevocations,
  ) {}

  async execute(command: VerifyEmailCommand): Promise<EmailVerifiedResult> {
    const tokenHash = hashPresentedToken(command.token);
    const userId = tokenHash && (await this.reads.tokenOwner(tokenHash, 'email-verification'));
    if (!tokenHash || !userId) throw new ValidationError(TOKEN_MESSAGES.verificationInvalid);
    const { signedIn, password } = command;
    if (signedIn !== null && signedIn.userId !== userId) {
      throw new ForbiddenError(FOREIGN_VERIFICATION_LINK);
    }

    let session: NewSession | null = null;
    let chosenPassword = null;
    if (password !== null) {
      assertPasswordPolicy(password);
      session = newSession();
      chosenPassword = {
        passwordHash: await this.hasher.hash(password),
        session: {
          sessionId: session.sessionId,
          tokenHash: session.tokenHash,
          browser: command.browser,
        },
      };
    }
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(userId),
      {
        type: 'VerifyEmail',
        data: { tokenHash, keepSessionId: signedIn?.sessionId ?? null, chosenPassword },
      },
      commandMetadata({ type: 'user', id: userId }, this.clock.now(), command.correlationId),
      { maxAttempts: CREDENTIAL_WRITE_ATTEMPTS },
    );
    // The sessions it ended are refused at once, even while the read models catch up.
    await this.revocations.record(decided.events);
    return {
      user: await this.reads.freshUser(userId, decided.position),
      sessionToken: session?.token ?? null,
    };
  }
}
