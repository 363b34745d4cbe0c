import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  CredentialChangedError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '../../domain/shared/errors';
import { userDecider } from '../../domain/user/user.decider';
import { normaliseEmail } from '../../domain/user/account-rules';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.port';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { reservationHolder } from '../shared/reservations';
import { AccountReads } from './account-reads';
import { AccountKeys, accountStreams, newSecretToken } from './account-secrets';
import { SessionRevocations } from './session-revocations';
import { LogInCommand, LogOutCommand, type SignedIn } from './account.commands';
import { CREDENTIAL_WRITE_ATTEMPTS, loadUser } from './user-stream';

export const SESSION_NOT_FOUND = 'That browser is not signed in to your account';

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
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: AccountReads,
    private readonly accountKeys: AccountKeys,
  ) {}

  async execute(command: LogInCommand): Promise<SignedIn> {
    const userId = await this.accountFor(command.email);
    const state = userId ? await loadUser(this.eventStore, userId) : null;
    if (!state || state.status !== 'registered') {
      await this.hasher.verifyDecoy(command.password);
      throw new InvalidLoginError();
    }
    if (!(await this.hasher.verify(state.passwordHash, command.password))) {
      throw new InvalidLoginError();
    }

    const session = newSecretToken();
    const now = this.clock.now();
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(state.userId),
      {
        type: 'StartSession',
        data: {
          sessionId: randomUUID(),
          tokenHash: session.tokenHash,
          browser: command.browser,
          verifiedPasswordHash: state.passwordHash,
        },
      },
      commandMetadata({ type: 'user', id: state.userId }, now, command.correlationId),
      { maxAttempts: CREDENTIAL_WRITE_ATTEMPTS },
    ).catch((error: unknown) => {
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
      (await reservationHolder(this.eventStore, this.accountKeys.emailStream(email)))?.ownerId ??
      null
    );
  }
}

@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly revocations: SessionRevocations,
  ) {}

  async execute(command: LogOutCommand): Promise<void> {
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(command.userId),
      {
        type: 'EndSession',
        data: {
          sessionId: command.sessionId,
          reason: command.fromList ? 'ended-elsewhere' : 'logout',
        },
      },
      commandMetadata(
        { type: 'user', id: command.userId },
        this.clock.now(),
        command.correlationId,
      ),
    );
    if (command.fromList && decided.events.length === 0) {
      throw new NotFoundError(SESSION_NOT_FOUND);
    }
    await this.revocations.record(decided.events);
    await this.progress.waitFor(decided.position);
  }
}
