import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AdminCredentials } from '../../admin-accounts/admin-credentials';
import { by } from '../../shared/command-metadata';
import { AdminLogOutCommand } from './admin-log-out.command';

@CommandHandler(AdminLogOutCommand)
export class AdminLogOutHandler implements ICommandHandler<AdminLogOutCommand, void> {
  constructor(private readonly credentials: AdminCredentials) {}

  async execute({ adminId, sessionId, correlationId }: AdminLogOutCommand): Promise<void> {
    // The ended session is refused at once, even while the projections lag.
    const decided = await this.credentials.decideOnAdmin(
      adminId,
      { type: 'SignOutAdmin', data: { sessionId } },
      by.admin({ adminId, correlationId }),
    );
    await this.credentials.settle(decided.position);
  }
}
