import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CredentialChangedError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { assertPasswordPolicy } from '../../domain/user/account-rules';
import { TOKEN_MESSAGES, USER_NOT_FOUND, userDecider } from '../../domain/user/user.decider';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.port';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { AccountReads } from './account-reads';
import { MailedLinks } from './mailed-links';
import { accountStreams, hashPresentedToken } from './account-secrets';
import {
  ChangePasswordCommand,
  RequestPasswordResetCommand,
  ResetPasswordCommand,
} from './account.commands';
import { CREDENTIAL_WRITE_ATTEMPTS, loadUser } from './user-stream';
import { SessionRevocations } from './session-revocations';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/** A wrong current password; the api counts these like failed sign-ins. */
export class WrongCurrentPasswordError extends ValidationError {
  constructor() {
    super(CURRENT_PASSWORD_INCORRECT);
  }
}

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<
  RequestPasswordResetCommand,
  void
> {
  constructor(private readonly links: MailedLinks) {}

  execute(command: RequestPasswordResetCommand): Promise<void> {
    return this.links.send('password-reset', command.email, command.correlationId);
  }
}

/** A new password through the mailed link; every session of the account ends. */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly revocations: SessionRevocations,
    private readonly reads: AccountReads,
  ) {}

  async execute(command: ResetPasswordCommand): Promise<void> {
    assertPasswordPolicy(command.password);
    const tokenHash = hashPresentedToken(command.token);
    const userId = tokenHash && (await this.reads.tokenOwner(tokenHash, 'password-reset'));
    if (!tokenHash || !userId) throw new ValidationError(TOKEN_MESSAGES.resetInvalid);

    const passwordHash = await this.hasher.hash(command.password);
    const now = this.clock.now();
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(userId),
      { type: 'ResetPassword', data: { tokenHash, passwordHash } },
      commandMetadata({ type: 'user', id: userId }, now, command.correlationId),
      { maxAttempts: CREDENTIAL_WRITE_ATTEMPTS },
    );
    await this.revocations.record(decided.events);
    await this.progress.waitFor(decided.position);
  }
}

/**
 * Needs the current password; the session it is done from stays, every other one ends. The
 * decider is told which hash the current password was checked against, so a password replaced
 * meanwhile (a reset, another change) is not overwritten on the strength of the old one.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly revocations: SessionRevocations,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<void> {
    assertPasswordPolicy(command.newPassword, 'new');
    const state = await loadUser(this.eventStore, command.userId);
    if (state.status !== 'registered') throw new NotFoundError(USER_NOT_FOUND);
    if (!(await this.hasher.verify(state.passwordHash, command.currentPassword))) {
      throw new WrongCurrentPasswordError();
    }
    const passwordHash = await this.hasher.hash(command.newPassword);
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(command.userId),
      {
        type: 'ChangePassword',
        data: {
          passwordHash,
          keepSessionId: command.sessionId,
          verifiedPasswordHash: state.passwordHash,
        },
      },
      commandMetadata(
        { type: 'user', id: command.userId },
        this.clock.now(),
        command.correlationId,
      ),
      { maxAttempts: CREDENTIAL_WRITE_ATTEMPTS },
    ).catch((error: unknown) => {
      if (error instanceof CredentialChangedError) throw new WrongCurrentPasswordError();
      throw error;
    });
    await this.revocations.record(decided.events);
    await this.progress.waitFor(decided.position);
  }
}
