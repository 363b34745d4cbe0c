import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { BackgroundWork } from '../../application/shared/background-work';
import { NotFoundError } from '../../domain/shared/errors';
import { MAIL_OUTBOX, type MailOutbox, type SentMail } from '../../application/ports/mail.port';

/**
 * The outbox of the embedded default, newest first, so a developer (or a browser test) can open
 * the links the app mailed. Only registered outside production (see AppModule), and only
 * answers when mail stays in the outbox.
 */
@Controller('api/dev')
export class DevMailController {
  constructor(
    @Inject(MAIL_OUTBOX) private readonly mails: MailOutbox | null,
    private readonly background: BackgroundWork,
  ) {}

  @Get('mail')
  @Header('Cache-Control', 'no-store')
  async outbox(@Req() request: Request): Promise<SentMail[]> {
    // The outbox holds live sign-in links: it is for someone at this machine, never the network.
    if (!isLoopback(request.socket.remoteAddress)) {
      throw new NotFoundError('Not found');
    }
    if (!this.mails) {
      throw new NotFoundError('Mail is sent through SMTP; there is no outbox to show');
    }
    // Mail asked for just before is sent after its answer: list it once it has gone.
    await this.background.settled();
    return this.mails.list();
  }
}

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address ?? '');
}
