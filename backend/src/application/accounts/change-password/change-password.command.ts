import { Command } from '@nestjs/cqrs';

export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
