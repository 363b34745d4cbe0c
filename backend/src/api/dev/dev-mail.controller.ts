import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { BackgroundWork } from '../../application/shared/background-work';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import { NotFoundError } from '../../domain/shared/errors';
import { MAIL_OUTBOX, type MailOutbox, type SentMail } from '../../application/ports/mail.port';
import { Refusals } from '../shared/openapi';
import { inboxPage } from './dev-inbox.page';
import { SentMailResponse } from './sent-mail.view';

/**
 * The outbox of the embedded default, newest first, so a developer (or a browser test) can open
 * the links the app mailed: as JSON at `GET /api/dev/mail`, and as a page to click through at
 * `GET /dev/mail`. Only registered outside production (see AppModule), and both only answer
 * when mail stays in the outbox, to a client on this machine with no proxy trusted.
 */
@Controller()
export class DevMailController {
  constructor(
    @Inject(MAIL_OUTBOX) private readonly mails: MailOutbox | null,
    private readonly background: BackgroundWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiOperation({
    summary: 'Development only: the mail outbox, newest first',
    description:
      'Exists only outside production, answers only requests from this machine, addressed to it by a loopback name (Host localhost, 127.0.0.1 or [::1]), with no proxy trusted (TRUST_PROXY unset or false), and only while mail stays in the outbox (no SMTP_URL).',
  })
  @ApiOkResponse({ type: SentMailResponse, isArray: true })
  @Refusals({
    404: 'Asked from another machine or under another host name, with a proxy trusted, or while mail goes out through SMTP',
  })
  @Get('api/dev/mail')
  @Header('Cache-Control', 'no-store')
  async outbox(@Req() request: Request): Promise<SentMailResponse[]> {
    return this.openOutbox(request);
  }

  /** The inbox page: the same mails, their links clickable. Not part of the api. */
  @ApiExcludeEndpoint()
  @Get('dev/mail')
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex, nofollow')
  async inbox(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const mails = await this.openOutbox(request);
    // A refusal keeps the api's JSON error; only the page itself is HTML.
    response.type('html');
    return inboxPage(mails);
  }

  /** The outbox's mails, for a request allowed to read them; 404 for any other. */
  private async openOutbox(request: Request): Promise<SentMail[]> {
    // The outbox holds live sign-in links: it is for someone at this machine, never the network.
    // Behind a proxy on this machine every client's socket is the loopback: with a proxy trusted
    // the outbox is closed, and the client's address is read as the proxy reports it (req.ip).
    // The Host too: a page on another site whose name a DNS rebinding points at this machine
    // reaches the app from the loopback, but under its own name.
    if (
      this.config.trustProxy !== false ||
      !isLoopback(request.ip) ||
      !isLoopbackHost(request.headers.host)
    ) {
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

/** Whether a Host header names this machine: `localhost`, `127.x.y.z` or `[::1]`, any port. */
export function isLoopbackHost(host: string | undefined): boolean {
  const name = /^(\[[^\]]*\]|[^:]*)(:\d+)?$/.exec(host ?? '')?.[1]?.toLowerCase();
  return name === 'localhost' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name ?? '');
}
