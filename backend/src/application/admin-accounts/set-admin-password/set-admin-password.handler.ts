import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AdminCredentials, assertAdminPassword } from '../admin-credentials';
import { SetAdminPasswordCommand } from './set-admin-password.command';

@CommandHandler(SetAdminPasswordCommand)
export class SetAdminPasswordHandler implements ICommandHandler<SetAdminPasswordCommand, void> {
  constructor(private readonly credentials: AdminCredentials) {}

  async execute(command: SetAdminPasswordCommand): Promise<void> {
    await this.credentials.existing(command.adminId);
    assertAdminPassword(command.password);
    const { acting } = command;
    const credentialVersion = await this.credentials.reauthenticate(acting);
    const passwordHash = await this.credentials.hash(command.password);
    const own = acting.adminId === command.adminId;
    const decided = await this.credentials.decideOnAdmin(
      command.adminId,
      {
        type: 'ResetAdminPassword',
        data: {
          passwordHash,
          // One's own: the session it is changed from stays, and the password checked above
          // must still be the admin's when the change is decided.
          ...(own && { ownChange: { sessionId: acting.sessionId, credentialVersion } }),
        },
      },
      this.credentials.actedBy(command),
    );
    await this.credentials.settle(decided.position);
  }
}
