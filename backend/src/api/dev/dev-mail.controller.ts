import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { BackgroundWork } from '../../application/shared/background-work';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import { NotFoundError } from '../../domain/shared/errors';
import { MAIL_OUTBOX, type MailOutbox } from '../../application/ports/mail.port';
import { Refusals } from '../shared/openapi';
import { SentMailResponse } from './sent-mail.view';

/**
 * The outbox of the embedded default, newest first, so a developer (or a browser test) can open
 * the links the app mailed. Only registered outside production (see AppModule), and only
 * answers when mail stays in the outbox, to a client on this machine with no proxy trusted.
 */
@Controller('api/dev')
export class DevMailController {
  constructor(
    @Inject(MAIL_OUTBOX) private readonly mails: MailOutbox | null,
    private readonly background: BackgroundWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiOperation({
    summary: 'Development only: the mail outbox, newest first',
    description:
      'Exists only outside production, answers only requests from this machine with no proxy trusted (TRUST_PROXY unset or false), and only while mail stays in the outbox (no SMTP_URL).',
  })
  @ApiOkResponse({ type: SentMailResponse, isArray: true })
  @Refusals({
    404: 'Asked from another machine, with a proxy trusted, or while mail goes out through SMTP',
  })
  @Get('mail')
  @Header('Cache-Control', 'no-store')
  async outbox(@Req() request: Request): Promise<SentMailResponse[]> {
    // The outbox holds live sign-in links: it is for someone at this machine, never the network.
    // Behind a proxy on this machine every client's socket is the loopback: with a proxy trusted
    // the outbox is closed, and the client's address is read as the proxy reports it (req.ip).
    if (this.config.trustProxy !== false || !isLoopback(request.ip)) {
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

export function isLoopback(address: string | undefined): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address ?? '');
}
