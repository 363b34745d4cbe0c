import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ValidationError } from '../../../domain/shared/errors';
import { assertPasswordPolicy } from '../../../domain/user/account-rules';
import { TOKEN_MESSAGES, userDecider } from '../../../domain/user/user.decider';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../../ports/password-hasher.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { commandMetadata } from '../../shared/command-metadata';
import { runDecider } from '../../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { AccountReads } from '../account-reads';
import { accountStreams, hashPresentedToken } from '../account-secrets';
import { SessionRevocations } from '../session-revocations';
import { CREDENTIAL_WRITE_ATTEMPTS } from '../user-stream';
import { ResetPasswordCommand } from './reset-password.command';

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
