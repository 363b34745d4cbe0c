import { Controller, Get, Header, Inject } from '@nestjs/common';
import { NotFoundError } from '../../domain/shared/errors';
import { MAIL_SENDER, type MailSender } from '../../infrastructure/mail/mail.port';
import { OutboxMailSender, type SentMail } from '../../infrastructure/mail/outbox-mail-sender';

/**
 * The outbox of the embedded default, newest first, so a developer (or a browser test) can open
 * the links the app mailed. Only registered outside production (see AppModule), and only
 * answers when mail stays in the outbox.
 */
@Controller('api/dev')
export class DevMailController {
  constructor(@Inject(MAIL_SENDER) private readonly mail: MailSender) {}

  @Get('mail')
  @Header('Cache-Control', 'no-store')
  outbox(): SentMail[] {
    if (!(this.mail instanceof OutboxMailSender)) {
      throw new NotFoundError('Mail is sent through SMTP; there is no outbox to show');
    }
    return this.mail.list();
  }
}
