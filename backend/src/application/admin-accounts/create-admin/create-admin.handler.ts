import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { ADMIN_USERNAME_PATTERN } from '../../../domain/admin/admin.decider';
import { ConflictError, ValidationError } from '../../../domain/shared/errors';
import {
  ADMIN_USERNAME_RULE,
  ADMIN_USERNAME_TAKEN,
  AdminCredentials,
  assertAdminPassword,
} from '../admin-credentials';
import { AdminRoster } from '../admin-roster';
import { CreateAdminCommand } from './create-admin.command';

/**
 * The username is claimed in its reservation stream, then the admin's stream is created, then the
 * admin joins the roster: an admin the roster counts as active always exists.
 */
@CommandHandler(CreateAdminCommand)
export class CreateAdminHandler implements ICommandHandler<CreateAdminCommand, string> {
  constructor(
    private readonly credentials: AdminCredentials,
    private readonly roster: AdminRoster,
  ) {}

  async execute(command: CreateAdminCommand): Promise<string> {
    const { username, password } = command;
    if (!ADMIN_USERNAME_PATTERN.test(username)) throw new ValidationError(ADMIN_USERNAME_RULE);
    assertAdminPassword(password, username);
    await this.credentials.reauthenticate(command.acting);
    const acting = this.credentials.actedBy(command);
    const adminId = randomUUID();
    try {
      await this.credentials.claimUsername(username, adminId, acting);
    } catch (error) {
      if (error instanceof ConflictError) throw new ConflictError(ADMIN_USERNAME_TAKEN);
      throw error;
    }
    const passwordHash = await this.credentials.hash(password);
    await this.credentials.decideOnAdmin(
      adminId,
      { type: 'CreateAdmin', data: { adminId, username, passwordHash } },
      acting,
    );
    const joined = await this.roster.decideOnRoster(
      { type: 'JoinAdminRoster', data: { adminId, active: true } },
      acting,
    );
    await this.credentials.settle(joined.position);
    return adminId;
  }
}
