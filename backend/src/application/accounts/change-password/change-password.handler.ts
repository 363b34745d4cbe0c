import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CredentialChangedError,
  NotFoundError,
  ValidationError,
} from '../../../domain/shared/errors';
import { assertPasswordPolicy } from '../../../domain/user/account-rules';
import { USER_NOT_FOUND, userDecider } from '../../../domain/user/user.decider';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../../ports/password-hasher.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { commandMetadata } from '../../shared/command-metadata';
import { runDecider } from '../../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { accountStreams } from '../account-secrets';
import { checkPassword } from '../credentials';
import { SessionRevocations } from '../session-revocations';
import { CREDENTIAL_WRITE_ATTEMPTS, loadUser } from '../user-stream';
import { ChangePasswordCommand } from './change-password.command';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/** A wrong current password; the api counts these like failed sign-ins. */
export class WrongCurrentPasswordError extends ValidationError {
  constructor() {
    super(CURRENT_PASSWORD_INCORRECT);
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
    await checkPassword(this.hasher, state, command.currentPassword, () => {
      return new WrongCurrentPasswordError();
    });
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
