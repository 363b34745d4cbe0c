import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../config/config.provider';
import type { AppConfig } from '../../../config/config';
import { MAIL_SENDER, type MailSender } from '../../ports/mail.port';
import { passwordChangedMail } from '../account-mails';
import {
  CredentialChangedError,
  NotFoundError,
  ValidationError,
} from '../../../domain/shared/errors';
import { assertHardToGuess } from '../../shared/password-guessability';
import { assertPasswordPolicy } from '../../../domain/user/account-rules';
import { USER_NOT_FOUND } from '../../../domain/user/user.decider';
import { by } from '../../shared/command-metadata';
import { CREDENTIAL_WRITE_ATTEMPTS, UserStream } from '../user-stream';
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
 * meanwhile (a reset, another change) is not overwritten on the strength of the old one. The
 * account's address is then told, with the way back in should it not have been its owner.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, void> {
  private readonly logger = new Logger('ChangePassword');

  constructor(
    private readonly account: UserStream,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<void> {
    assertPasswordPolicy(command.newPassword, 'new');
    const { state } = await this.account.load(command.userId);
    if (state.status !== 'registered') throw new NotFoundError(USER_NOT_FOUND);
    assertHardToGuess(command.newPassword, [state.email]);
    await this.account.check(state, command.currentPassword, () => {
      return new WrongCurrentPasswordError();
    });
    const passwordHash = await this.account.hash(command.newPassword);
    const decided = await this.account
      .decideOnUser(
        command.userId,
        {
          type: 'ChangePassword',
          data: {
            passwordHash,
            keepSessionId: command.sessionId,
            verifiedPasswordHash: state.passwordHash,
          },
        },
        by.member(command.userId, command.correlationId),
        { maxAttempts: CREDENTIAL_WRITE_ATTEMPTS },
      )
      .catch((error: unknown) => {
        if (error instanceof CredentialChangedError) throw new WrongCurrentPasswordError();
        throw error;
      });
    await this.account.settled(decided.position);
    // Only a proven address hears (registration may have named someone else's); the password is
    // changed whatever the mail server says.
    if (!state.emailVerified) return;
    await this.mail
      .send(passwordChangedMail(this.config.publicUrl, state.email, 'changed'))
      .catch((error: unknown) =>
        this.logger.error('Could not send the password-changed mail', error),
      );
  }
}
