import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { normaliseEmail } from '../../domain/user/account-rules';
import { TOKEN_MESSAGES, userDecider } from '../../domain/user/user.decider';
import { APP_CONFIG } from '../../infrastructure/config/config.provider';
import type { AppConfig } from '../../infrastructure/config/config';
import { EVENT_STORE, type EventStore } from '../../infrastructure/event-store/event-store.port';
import { MAIL_SENDER, type MailSender } from '../../infrastructure/mail/mail.port';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { reservationHolder } from '../shared/reservations';
import { verificationMail } from './account-mails';
import { AccountReads } from './account-reads';
import { accountStreams, hashPresentedToken, newSecretToken } from './account-secrets';
import {
  type EmailVerifiedResult,
  ResendVerificationCommand,
  VerifyEmailCommand,
} from './account.commands';
import { withinMailAllowance } from './mail-allowance';

export const FOREIGN_VERIFICATION_LINK =
  'This verification link belongs to another account. Please sign out and open it again.';

/**
 * Opening the link verifies the account it was sent for. Where nobody is signed in it also signs
 * that account in (the link may be opened on another device than the one that registered);
 * where someone else is signed in it is refused, so a link cannot switch a browser's account.
 */
@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<
  VerifyEmailCommand,
  EmailVerifiedResult
> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: AccountReads,
  ) {}

  async execute(command: VerifyEmailCommand): Promise<EmailVerifiedResult> {
    const tokenHash = hashPresentedToken(command.token);
    const userId = tokenHash && (await this.reads.tokenOwner(tokenHash, 'email-verification'));
    if (!tokenHash || !userId) throw new ValidationError(TOKEN_MESSAGES.verificationInvalid);
    if (command.signedInUserId !== null && command.signedInUserId !== userId) {
      throw new ForbiddenError(FOREIGN_VERIFICATION_LINK);
    }

    const now = this.clock.now();
    const metadata = commandMetadata({ type: 'user', id: userId }, now, command.correlationId);
    const stream = accountStreams.user(userId);
    let decided = await runDecider(
      this.eventStore,
      userDecider,
      stream,
      { type: 'VerifyEmail', data: { tokenHash, now } },
      metadata,
    );
    let sessionToken: string | null = null;
    if (command.signedInUserId === null) {
      const session = newSecretToken();
      decided = await runDecider(
        this.eventStore,
        userDecider,
        stream,
        {
          type: 'StartSession',
          data: { sessionId: randomUUID(), tokenHash: session.tokenHash, now },
        },
        metadata,
      );
      sessionToken = session.token;
    }
    return { user: await this.reads.freshUser(userId, decided.position), sessionToken };
  }
}

@CommandHandler(ResendVerificationCommand)
export class ResendVerificationHandler implements ICommandHandler<ResendVerificationCommand, void> {
  private readonly logger = new Logger('EmailVerification');

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: ResendVerificationCommand): Promise<void> {
    const email = normaliseEmail(command.email);
    const holder = await reservationHolder(this.eventStore, accountStreams.email(email));
    if (!holder) return;
    const now = this.clock.now();
    if (!(await withinMailAllowance(this.readStore, 'verification', holder.ownerId, now))) return;

    const verification = newSecretToken();
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(holder.ownerId),
      { type: 'IssueEmailVerification', data: { tokenHash: verification.tokenHash, now } },
      commandMetadata({ type: 'system', id: 'resend-verification' }, now, command.correlationId),
    );
    // Already verified: nothing to send, and the answer stays the same.
    if (decided.events.length === 0) return;
    // The link must work the moment the mail arrives.
    await this.progress.waitFor(decided.position);
    // Not awaited: how long a mail server takes must not tell who has an account.
    void this.mail
      .send(verificationMail(this.config.publicUrl, email, verification.token))
      .catch((error: unknown) => this.logger.error('Could not send the verification mail', error));
  }
}
