import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CredentialChangedError,
  UnauthenticatedError,
  ValidationError,
} from '../../../domain/shared/errors';
import { userDecider } from '../../../domain/user/user.decider';
import { normaliseEmail } from '../../../domain/user/account-rules';
import { KEYED_HASHER, type KeyedHasher } from '../../ports/keyed-hasher.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../../ports/password-hasher.port';
import { by } from '../../shared/command-metadata';
import { reservationHolder } from '../../shared/reservations';
import { StreamWrites } from '../../shared/stream-writes';
import { AccountReads } from '../account-reads';
import { AccountKeys, accountStreams } from '../account-secrets';
import { clientMarks } from '../client-marks';
import { checkPassword, newSession, type SignedIn } from '../credentials';
import { CREDENTIAL_WRITE_ATTEMPTS, loadUser } from '../user-stream';
import { LogInCommand } from './sign-in.command';

export const INVALID_LOGIN = 'Invalid email or password';

/** A failed sign-in; the api counts these for its rate limit. */
export class InvalidLoginError extends UnauthenticatedError {
  constructor() {
    super(INVALID_LOGIN);
  }
}

/**
 * Sign-in reads the password hash from the account's own stream (the read models never hold
 * it). An unknown email still costs one hash verification, so the answer's timing does not tell
 * whether the email is registered, and the answer is the same. The session is started for the
 * hash the password was checked against: should the password have changed meanwhile, the
 * decider refuses it and the answer is the wrong password the presented one now is.
 */
@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand, SignedIn> {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    private readonly reads: AccountReads,
    private readonly accountKeys: AccountKeys,
    @Inject(KEYED_HASHER) private readonly keyedHasher: KeyedHasher,
  ) {}

  async execute(command: LogInCommand): Promise<SignedIn> {
    const userId = await this.accountFor(command.email);
    const found = userId ? await loadUser(this.writes, userId) : null;
    const state = await checkPassword(
      this.hasher,
      found?.status === 'registered' ? found : null,
      command.password,
      () => new InvalidLoginError(),
    );
    const session = newSession();
    const decided = await this.writes
      .decide(
        accountStreams.user(state.userId),
        userDecider,
        {
          type: 'StartSession',
          data: {
            sessionId: session.sessionId,
            tokenHash: session.tokenHash,
            browser: command.browser,
            marks: clientMarks(this.keyedHasher, command.origin),
            verifiedPasswordHash: state.passwordHash,
            rememberedBrowserHash: command.rememberedBrowserHash,
          },
        },
        by.member(state.userId, command.correlationId),
        { maxAttempts: CREDENTIAL_WRITE_ATTEMPTS },
      )
      .catch((error: unknown) => {
        if (error instanceof CredentialChangedError) throw new InvalidLoginError();
        throw error;
      });
    return {
      user: await this.reads.freshUser(state.userId, decided.position),
      sessionToken: session.token,
    };
  }

  private async accountFor(rawEmail: string): Promise<string | null> {
    let email: string;
    try {
      email = normaliseEmail(rawEmail);
    } catch (error) {
      if (error instanceof ValidationError) return null;
      throw error;
    }
    return (
      (await reservationHolder(this.writes, this.accountKeys.emailStream(email)))?.ownerId ?? null
    );
  }
}
