import { Inject, Injectable, Logger } from '@nestjs/common';
import { normaliseEmail } from '../../domain/user/account-rules';
import { userDecider, type UserCommand } from '../../domain/user/user.decider';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { MAIL_SENDER, type MailMessage, type MailSender } from '../ports/mail.port';
import { RATE_LIMITER, type RateLimiter } from '../ports/rate-limiter.port';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { runDecider, type WithoutMetadata } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { reservationHolder } from '../shared/reservations';
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
 * address, within its hourly mail allowance. It answers the same whether or not the account
 * exists, so the caller's answer can stay neutral.
 */
@Injectable()
export class MailedLinks {
  private readonly logger = new Logger('MailedLinks');

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accountKeys: AccountKeys,
  ) {}

  async send(purpose: MailedLinkPurpose, rawEmail: string, correlationId: string): Promise<void> {
    const link = LINKS[purpose];
    const email = normaliseEmail(rawEmail);
    const holder = await reservationHolder(this.eventStore, this.accountKeys.emailStream(email));
    if (!holder) return;
    const now = this.clock.now();
    if (!(await withinMailAllowance(this.limiter, purpose, holder.ownerId))) return;

    const secret = newSecretToken();
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(holder.ownerId),
      link.command(secret.tokenHash),
      commandMetadata({ type: 'system', id: link.actor }, now, correlationId),
    );
    // Nothing to send (an address already verified); the answer stays the same.
    if (decided.events.length === 0) return;
    // The link must work the moment the mail arrives.
    await this.progress.waitFor(decided.position);
    // Not awaited: how long a mail server takes must not tell who has an account.
    void this.mail
      .send(link.mail(this.config.publicUrl, email, secret.token))
      .catch((error: unknown) => this.logger.error(`Could not send the ${purpose} mail`, error));
  }
}
