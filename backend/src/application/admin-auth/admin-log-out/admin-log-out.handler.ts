import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountReads } from '../../accounts/account-reads';
import { AdminCredentials } from '../../admin-accounts/admin-credentials';
import { AdminLogOutCommand } from './admin-log-out.command';

@CommandHandler(AdminLogOutCommand)
export class AdminLogOutHandler implements ICommandHandler<AdminLogOutCommand, void> {
  constructor(
    private readonly reads: AccountReads,
    private readonly credentials: AdminCredentials,
  ) {}

  async execute(command: AdminLogOutCommand): Promise<void> {
    const session = await this.reads.adminSession(command.sessionToken);
    if (!session) return;
    // The ended session is refused at once, even while the projections lag.
    const decided = await this.credentials.decide(
      session.adminId,
      { type: 'SignOutAdmin', data: { sessionId: session.sessionId } },
      this.credentials.metadata({ type: 'admin', id: session.adminId }, command.correlationId),
    );
    await this.credentials.settle(decided.position);
  }
}
