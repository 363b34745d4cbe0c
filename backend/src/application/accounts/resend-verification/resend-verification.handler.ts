import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MailedLinks } from '../mailed-links';
import { ResendVerificationCommand } from './resend-verification.command';

@CommandHandler(ResendVerificationCommand)
export class ResendVerificationHandler implements ICommandHandler<ResendVerificationCommand, void> {
  constructor(private readonly links: MailedLinks) {}

  execute(command: ResendVerificationCommand): Promise<void> {
    return this.links.send('verification', command.email, command.correlationId, command.askedBy);
  }
}
