import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CredentialChangedError,
  NotFoundError,
  ValidationError,
} from '../../../domain/shared/errors';
import { assertPasswordPolicy } from '../../../domain/user/account-rules';
import { USER_NOT_FOUND } from '../../../domain/user/user.decider';
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
 * meanwhile (a reset, another change) is not overwritten on the strength of the old one.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, void> {
  constructor(private readonly account: UserStream) {}

  async execute(command: ChangePasswordCommand): Promise<void> {
    assertPasswordPolicy(command.newPassword, 'new');
    const { state } = await this.account.load(command.userId);
    if (state.status !== 'registered') throw new NotFoundError(USER_NOT_FOUND);
    await this.account.check(state, command.currentPassword, () => {
      return new WrongCurrentPasswordError();
    });
    const passwordHash = await this.account.hash(command.newPassword);
    const decided = await this.account
      .decide(
        command.userId,
        {
          type: 'ChangePassword',
          data: {
            passwordHash,
            keepSessionId: command.sessionId,
            verifiedPasswordHash: state.passwordHash,
          },
        },
        command.correlationId,
        { maxAttempts: CREDENTIAL_WRITE_ATTEMPTS },
      )
      .catch((error: unknown) => {
        if (error instanceof CredentialChangedError) throw new WrongCurrentPasswordError();
        throw error;
      });
    await this.account.settled(decided.position);
  }
}
