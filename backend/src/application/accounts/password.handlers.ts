import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import { assertPasswordPolicy, normaliseEmail } from '../../domain/user/account-rules';
import { TOKEN_MESSAGES, USER_NOT_FOUND, userDecider } from '../../domain/user/user.decider';
import { APP_CONFIG } from '../../infrastructure/config/config.provider';
import type { AppConfig } from '../../infrastructure/config/config';
import { EVENT_STORE, type EventStore } from '../../infrastructure/event-store/event-store.port';
import { MAIL_SENDER, type MailSender } from '../../infrastructure/mail/mail.port';
import {
  PASSWORD_HASHER,
  type PasswordHasher,
} from '../../infrastructure/passwords/password-hasher.port';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { reservationHolder } from '../shared/reservations';
import { passwordResetMail } from './account-mails';
import { AccountReads } from './account-reads';
import { accountStreams, hashPresentedToken, newSecretToken } from './account-secrets';
import {
  ChangePasswordCommand,
  RequestPasswordResetCommand,
  ResetPasswordCommand,
} from './account.commands';
import { withinMailAllowance } from './mail-allowance';
import { loadUser } from './user-stream';

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
  private readonly logger = new Logger('PasswordReset');

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: RequestPasswordResetCommand): Promise<void> {
    const email = normaliseEmail(command.email);
    const holder = await reservationHolder(this.eventStore, accountStreams.email(email));
    if (!holder) return;
    const now = this.clock.now();
    if (!(await withinMailAllowance(this.readStore, 'password-reset', holder.ownerId, now))) {
      return;
    }
    const reset = newSecretToken();
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(holder.ownerId),
      { type: 'IssuePasswordReset', data: { tokenHash: reset.tokenHash, now } },
      commandMetadata({ type: 'system', id: 'forgot-password' }, now, command.correlationId),
    );
    // The link must work the moment the mail arrives.
    await this.progress.waitFor(decided.position);
    // Not awaited: how long a mail server takes must not tell who has an account.
    void this.mail
      .send(passwordResetMail(this.config.publicUrl, email, reset.token))
      .catch((error: unknown) =>
        this.logger.error('Could not send the password reset mail', error),
      );
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
      { type: 'ResetPassword', data: { tokenHash, passwordHash, now } },
      commandMetadata({ type: 'user', id: userId }, now, command.correlationId),
    );
    await this.progress.waitFor(decided.position);
  }
}

/** Needs the current password; the session it is done from stays, every other one ends. */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
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
      { type: 'ChangePassword', data: { passwordHash, keepSessionId: command.sessionId } },
      commandMetadata(
        { type: 'user', id: command.userId },
        this.clock.now(),
        command.correlationId,
      ),
    );
    await this.progress.waitFor(decided.position);
  }
}
