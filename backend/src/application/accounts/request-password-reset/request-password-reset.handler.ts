import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MailedLinks } from '../mailed-links';
import { RequestPasswordResetCommand } from './request-password-reset.command';

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<
  RequestPasswordResetCommand,
  void
> {
  constructor(private readonly links: MailedLinks) {}

  execute(command: RequestPasswordResetCommand): Promise<void> {
    return this.links.send('password-reset', command.email, command.correlationId);
  }
}
