import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { By } from '../../shared/command-metadata';
import { AdminCredentials } from '../admin-credentials';
import { AdminRoster } from '../admin-roster';
import { DisableAdminCommand } from './disable-admin.command';

/**
 * The roster decides first (never oneself, never the last active admin, never by an admin just
 * disabled), then the admin's own stream ends its sessions. Should the second step not happen
 * (a crash in between), disabling the admin again completes it.
 */
@CommandHandler(DisableAdminCommand)
export class DisableAdminHandler implements ICommandHandler<DisableAdminCommand, void> {
  constructor(
    private readonly credentials: AdminCredentials,
    private readonly roster: AdminRoster,
  ) {}

  async execute(command: DisableAdminCommand): Promise<void> {
    const target = await this.credentials.existing(command.adminId);
    await this.credentials.reauthenticate(command.acting);
    const acting = this.credentials.actedBy(command);
    if (!(await this.onlyStreamLeft(command.adminId, target.status, acting))) {
      await this.roster.decideOnRoster(
        {
          type: 'DisableAdminOnRoster',
          data: { adminId: command.adminId, actingAdminId: command.acting.adminId },
        },
        acting,
        [command.adminId, command.acting.adminId],
      );
    }
    const decided = await this.credentials.decideOnAdmin(
      command.adminId,
      { type: 'DisableAdmin', data: { reason: command.reason } },
      acting,
    );
    await this.credentials.settle(decided.position);
  }

  /** The roster has disabled the admin but its own stream has not followed yet. */
  private async onlyStreamLeft(
    adminId: string,
    streamStatus: 'active' | 'disabled',
    acting: By,
  ): Promise<boolean> {
    if (streamStatus !== 'active') return false;
    const roster = await this.roster.load(acting);
    return roster.status === 'seeded' && roster.admins[adminId] === 'disabled';
  }
}
