import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { type AdminEvent, ADMIN_USERNAME_PATTERN } from '../../../domain/admin/admin.decider';
import { NotFoundError, UnauthenticatedError } from '../../../domain/shared/errors';
import { newSecretToken } from '../../accounts/account-secrets';
import { AdminCredentials } from '../../admin-accounts/admin-credentials';
import type { Decided } from '../../shared/decider-runner';
import {
  AdminLogInCommand,
  type AdminSignedInResult,
  InvalidAdminLoginError,
} from './admin-log-in.command';

/** Same shape as user sign-in: an unknown username costs a hash verification too. */
@CommandHandler(AdminLogInCommand)
export class AdminLogInHandler implements ICommandHandler<AdminLogInCommand, AdminSignedInResult> {
  constructor(private readonly credentials: AdminCredentials) {}

  async execute(command: AdminLogInCommand): Promise<AdminSignedInResult> {
    const holder = ADMIN_USERNAME_PATTERN.test(command.username)
      ? await this.credentials.usernameHolder(command.username)
      : null;
    const state = holder ? await this.credentials.load(holder) : null;
    if (!(await this.credentials.check(state, command.password)) || state?.status !== 'active') {
      throw new InvalidAdminLoginError();
    }
    const session = newSecretToken();
    let decided: Decided<AdminEvent>;
    try {
      decided = await this.credentials.decide(
        state.adminId,
        {
          type: 'SignInAdmin',
          data: {
            sessionId: randomUUID(),
            tokenHash: session.tokenHash,
            // The password checked above: a new one set meanwhile refuses this sign-in.
            credentialVersion: state.credentialVersion,
          },
        },
        this.credentials.metadata({ type: 'admin', id: state.adminId }, command.correlationId),
      );
    } catch (error) {
      // The password typed is no longer the admin's, or the admin was disabled meanwhile.
      if (error instanceof UnauthenticatedError || error instanceof NotFoundError) {
        throw new InvalidAdminLoginError();
      }
      throw error;
    }
    await this.credentials.settle(decided.position);
    return {
      admin: { id: state.adminId, username: state.username },
      sessionToken: session.token,
    };
  }
}
