import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../config/config.provider';
import type { AppConfig } from '../../../config/config';
import { MAIL_SENDER, type MailSender } from '../../ports/mail.port';
import { passwordChangedMail } from '../account-mails';
import { ValidationError } from '../../../domain/shared/errors';
import { assertHardToGuess } from '../../shared/password-guessability';
import { assertPasswordPolicy } from '../../../domain/user/account-rules';
import { TOKEN_MESSAGES } from '../../../domain/user/user.decider';
import { hashPresentedToken } from '../account-secrets';
import { by } from '../../shared/command-metadata';
import { CREDENTIAL_WRITE_ATTEMPTS, UserStream } from '../user-stream';
import { ResetPasswordCommand } from './reset-password.command';

/**
 * A new password through the mailed link; every session of the account ends, and the account's
 * address is told (with the way back in should it not have been its owner).
 */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, void> {
  private readonly logger = new Logger('ResetPassword');

  constructor(
    private readonly account: UserStream,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: ResetPasswordCommand): Promise<void> {
    assertPasswordPolicy(command.password);
    // The link first: the strength check costs the event loop time, which a made-up link must
    // not buy.
    const tokenHash = hashPresentedToken(command.token);
    const userId = tokenHash && (await this.account.tokenOwner(tokenHash, 'password-reset'));
    if (!tokenHash || !userId) throw new ValidationError(TOKEN_MESSAGES.resetInvalid);
    assertHardToGuess(command.password);

    const passwordHash = await this.account.hash(command.password);
    const decided = await this.account.decideOnUser(
      userId,
      { type: 'ResetPassword', data: { tokenHash, passwordHash } },
      by.member(userId, command.correlationId),
      { maxAttempts: CREDENTIAL_WRITE_ATTEMPTS },
    );
    const { email } = await this.account.fresh(userId, decided.position);
    // The password is reset whatever the mail server says.
    await this.mail
      .send(passwordChangedMail(this.config.publicUrl, email, 'reset'))
      .catch((error: unknown) =>
        this.logger.error('Could not send the password-changed mail', error),
      );
  }
}
