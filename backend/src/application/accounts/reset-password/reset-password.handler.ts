import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ValidationError } from '../../../domain/shared/errors';
import { assertPasswordPolicy } from '../../../domain/user/account-rules';
import { TOKEN_MESSAGES } from '../../../domain/user/user.decider';
import { hashPresentedToken } from '../account-secrets';
import { CREDENTIAL_WRITE_ATTEMPTS, UserStream } from '../user-stream';
import { ResetPasswordCommand } from './reset-password.command';

/** A new password through the mailed link; every session of the account ends. */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, void> {
  constructor(private readonly account: UserStream) {}

  async execute(command: ResetPasswordCommand): Promise<void> {
    assertPasswordPolicy(command.password);
    const tokenHash = hashPresentedToken(command.token);
    const userId = tokenHash && (await this.account.tokenOwner(tokenHash, 'password-reset'));
    if (!tokenHash || !userId) throw new ValidationError(TOKEN_MESSAGES.resetInvalid);

    const passwordHash = await this.account.hash(command.password);
    const decided = await this.account.decide(
      userId,
      { type: 'ResetPassword', data: { tokenHash, passwordHash } },
      command.correlationId,
      { maxAttempts: CREDENTIAL_WRITE_ATTEMPTS },
    );
    await this.account.settled(decided.position);
  }
}
