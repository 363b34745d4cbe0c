import { Inject, Injectable, Logger } from '@nestjs/common';
import { normaliseEmail } from '../../domain/user/account-rules';
import { userDecider, type UserCommand } from '../../domain/user/user.decider';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { MAIL_SENDER, type MailMessage, type MailSender } from '../ports/mail.port';
import { RATE_LIMITER, type RateLimiter } from '../ports/rate-limiter.port';
import type { WithoutMetadata } from '../shared/decider-runner';
import { reservationHolder } from '../shared/reservations';
import { StreamWrites } from '../shared/stream-writes';
import { passwordResetMail, verificationMail } from './account-mails';
import { AccountKeys, accountStreams, newSecretToken } from './account-secrets';
import { withinMailAllowance } from './mail-allowance';

export type MailedLinkPurpose = 'verification' | 'password-reset';

const LINKS: Record<
  MailedLinkPurpose,
  {
    actor: string;
    command: (tokenHash: string) => WithoutMetadata<UserCommand>;
    mail: (publicUrl: string, email: string, token: string) => MailMessage;
  }
> = {
  verification: {
    actor: 'resend-verification',
    command: (tokenHash) => ({ type: 'IssueEmailVerification', data: { tokenHash } }),
    mail: verificationMail,
  },
  'password-reset': {
    actor: 'forgot-password',
    command: (tokenHash) => ({ type: 'IssuePasswordReset', data: { tokenHash } }),
    mail: passwordResetMail,
  },
};

/**
 * Mails a fresh single-use link (verification or password reset) to the account that holds an
 * address, within its hourly mail allowance, answering the same whether or not it exists. A
 * signed-in account asking to verify its own address gets its link recorded even when another
 * account holds the address (what it can read of itself stays a new account's); only the holder's
 * link is ever mailed.
 */
@Injectable()
export class MailedLinks {
  private readonly logger = new Logger('MailedLinks');

  constructor(
    private readonly writes: StreamWrites,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    private readonly accountKeys: AccountKeys,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(
    purpose: MailedLinkPurpose,
    rawEmail: string,
    correlationId: string,
    askedBy: { userId: string; email: string } | null = null,
  ): Promise<void> {
    const link = LINKS[purpose];
    const email = normaliseEmail(rawEmail);
    const holder = await reservationHolder(this.writes, this.accountKeys.emailStream(email));
    const ownLink = purpose === 'verification' && askedBy?.email === email;
    const accountId = ownLink ? askedBy.userId : holder?.ownerId;
    if (!accountId) return;
    if (!(await withinMailAllowance(this.limiter, purpose, accountId))) return;

    const secret = newSecretToken();
    const decided = await this.writes.decide(
      accountStreams.user(accountId),
      userDecider,
      link.command(secret.tokenHash),
      { actor: { type: 'system', id: link.actor }, correlationId },
    );
    // Nothing to send (an address already verified); the answer stays the same.
    if (decided.events.length === 0) return;
    if (accountId !== holder?.ownerId) return;
    // The link must work the moment the mail arrives.
    await this.writes.settled(decided.position);
    // Not awaited: how long a mail server takes must not tell who has an account.
    void this.mail
      .send(link.mail(this.config.publicUrl, email, secret.token))
      .catch((error: unknown) => this.logger.error(`Could not send the ${purpose} mail`, error));
  }
}
