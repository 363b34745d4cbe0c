import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AdminEvent, ADMIN_USERNAME_PATTERN } from '../../../domain/admin/admin.decider';
import { NotFoundError, UnauthenticatedError } from '../../../domain/shared/errors';
import { newSession } from '../../accounts/credentials';
import { AdminCredentials } from '../../admin-accounts/admin-credentials';
import { by } from '../../shared/command-metadata';
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
    const admin = await this.credentials.check(
      state,
      command.password,
      () => new InvalidAdminLoginError(),
    );
    const session = newSession();
    let decided: Decided<AdminEvent>;
    try {
      decided = await this.credentials.decideOnAdmin(
        admin.adminId,
        {
          type: 'SignInAdmin',
          data: {
            sessionId: session.sessionId,
            tokenHash: session.tokenHash,
            // The password checked above: a new one set meanwhile refuses this sign-in.
            credentialVersion: admin.credentialVersion,
            rememberedBrowserHash: command.rememberedBrowserHash,
          },
        },
        by.admin({ adminId: admin.adminId, correlationId: command.correlationId }),
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
      admin: { id: admin.adminId, username: admin.username },
      sessionToken: session.token,
    };
  }
}
