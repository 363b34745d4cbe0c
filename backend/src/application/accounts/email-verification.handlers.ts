import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { TOKEN_MESSAGES, userDecider } from '../../domain/user/user.decider';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { runDecider } from '../shared/decider-runner';
import { AccountReads } from './account-reads';
import { MailedLinks } from './mailed-links';
import { accountStreams, hashPresentedToken, newSecretToken } from './account-secrets';
import {
  type EmailVerifiedResult,
  ResendVerificationCommand,
  VerifyEmailCommand,
} from './account.commands';

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
      { type: 'VerifyEmail', data: { tokenHash } },
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
          data: { sessionId: randomUUID(), tokenHash: session.tokenHash },
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
  constructor(private readonly links: MailedLinks) {}

  execute(command: ResendVerificationCommand): Promise<void> {
    return this.links.send('verification', command.email, command.correlationId);
  }
}
