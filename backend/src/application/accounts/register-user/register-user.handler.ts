import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomInt, randomUUID } from 'node:crypto';
import { ConflictError } from '../../../domain/shared/errors';
import { assertHardToGuess } from '../../shared/password-guessability';
import { assertPasswordPolicy, normaliseEmail } from '../../../domain/user/account-rules';
import {
  ANONYMOUS_USERNAME_SPACE,
  anonymousUsernameFor,
} from '../../../domain/user/anonymous-username';
import { userDecider } from '../../../domain/user/user.decider';
import { APP_CONFIG } from '../../../config/config.provider';
import type { AppConfig } from '../../../config/config';
import {
  networkClusterDecider,
  networkStreamId,
} from '../../../domain/post-rating/network-cluster.decider';
import { KEYED_HASHER, type KeyedHasher } from '../../ports/keyed-hasher.port';
import { MAIL_SENDER, type MailSender } from '../../ports/mail.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../../ports/password-hasher.port';
import { type By, by } from '../../shared/command-metadata';
import { claimReservation, releaseReservation, reservationHolder } from '../../shared/reservations';
import { StreamWrites } from '../../shared/stream-writes';
import { RATE_LIMITER, type RateLimiter } from '../../ports/rate-limiter.port';
import { existingAccountMail, verificationMail } from '../account-mails';
import { withinMailAllowance } from '../mail-allowance';
import { AccountReads } from '../account-reads';
import { AccountKeys, accountStreams, newSecretToken } from '../account-secrets';
import { clientMarks } from '../client-marks';
import { newSession, type SignedIn } from '../credentials';
import { ClusterLikes } from '../../community/cluster-likes';
import { RegisterUserCommand } from './register-user.command';

const USERNAME_ATTEMPTS = 10;
/** A claim older than this whose account was never written is left over from a crash. */
const ORPHAN_AFTER_MS = 10 * 60 * 1000;

/**
 * Registration: the email is claimed first (one of two racing registrations wins), then an
 * anonymous username, then the account with its first link and session. An address that already has
 * an account is not told apart, in the answer or any request after it (issue 73): an account is
 * made all the same but does not hold the address, so nothing is mailed to it; the owner is mailed
 * instead. Both ways do the same work in the same order, and neither waits for the mail server.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, SignedIn> {
  private readonly logger = new Logger('Registration');

  constructor(
    private readonly writes: StreamWrites,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reads: AccountReads,
    private readonly accountKeys: AccountKeys,
    @Inject(KEYED_HASHER) private readonly keyedHasher: KeyedHasher,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    private readonly clusterLikes: ClusterLikes,
  ) {}

  async execute(command: RegisterUserCommand): Promise<SignedIn> {
    const email = normaliseEmail(command.email);
    assertPasswordPolicy(command.password);
    assertHardToGuess(command.password, [email]);
    const passwordHash = await this.hasher.hash(command.password);

    const userId = randomUUID();
    const now = this.writes.now();
    const asAccount = by.member(userId, command.correlationId, now);
    const addressOwner = await this.claimEmail(email, userId, asAccount);
    const anonymousUsername = await this.claimAnonymousUsername(userId, asAccount);

    const verification = newSecretToken();
    const session = newSession();
    const marks = clientMarks(this.keyedHasher, command.origin);
    const decided = await this.writes.decide(
      accountStreams.user(userId),
      userDecider,
      {
        type: 'Register',
        data: {
          userId,
          email,
          passwordHash,
          anonymousUsername,
          verificationTokenHash: verification.tokenHash,
          sessionId: session.sessionId,
          sessionTokenHash: session.tokenHash,
          browser: command.browser,
          marks,
        },
      },
      asAccount,
    );
    // The network's sign-ups, decided on its own stream: a burst of them is held as a cluster.
    if (marks) {
      const network = await this.writes.decide(
        networkStreamId(marks.network),
        networkClusterDecider,
        {
          type: 'RecordNetworkRegistration',
          data: { networkId: marks.network, userId, limit: this.config.clusterAccountsPerDay },
        },
        asAccount,
      );
      // The burst's likes cast before it was found leave the counts until an admin clears it.
      const burst = network.events.flatMap((event) =>
        event.type === 'ClusterFlagged' || event.type === 'ClusterGrew'
          ? event.data.accounts.map((account) => account.userId).filter((id) => id !== userId)
          : [],
      );
      if (burst.length > 0) {
        await this.clusterLikes.hold(
          burst,
          network.position,
          by.system('cluster', command.correlationId),
        );
      }
    }
    const mail =
      addressOwner === null
        ? verificationMail(this.config.publicUrl, email, verification.token)
        : (await withinMailAllowance(this.limiter, 'existing-account', addressOwner))
          ? existingAccountMail(this.config.publicUrl, email)
          : null;
    // Not awaited: the account exists whatever the mail server says (the person can ask for the
    // mail again), and how long it takes must not tell who has an account.
    if (mail) {
      void this.mail
        .send(mail)
        .catch((error: unknown) =>
          this.logger.error('Could not send the registration mail', error),
        );
    }

    return {
      user: await this.reads.freshUser(userId, decided.position),
      sessionToken: session.token,
    };
  }

  /** Claims the address for `userId`; answers the account that holds it already, if one does. */
  private async claimEmail(email: string, userId: string, asAccount: By): Promise<string | null> {
    const streamId = this.accountKeys.emailStream(email);
    try {
      await claimReservation(this.writes, streamId, 'email', userId, asAccount);
      return null;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // A registration that crashed between claiming the email and writing the account leaves a
      // claim nobody owns; once it is clearly abandoned, it is released rather than kept forever.
      const holder = await reservationHolder(this.writes, streamId);
      const abandoned =
        holder !== null &&
        Date.parse(holder.claimedAt) <
          (asAccount.now ?? this.writes.now()).getTime() - ORPHAN_AFTER_MS &&
        (await this.writes.streamEvents(accountStreams.user(holder.ownerId), { maxCount: 1 }))
          .length === 0;
      if (!abandoned) {
        if (holder !== null) return holder.ownerId;
        throw error;
      }
      await releaseReservation(this.writes, streamId, holder.ownerId, {
        ...asAccount,
        actor: { type: 'system', id: 'registration' },
      });
      await claimReservation(this.writes, streamId, 'email', userId, asAccount);
      return null;
    }
  }

  private async claimAnonymousUsername(userId: string, asAccount: By) {
    for (let attempt = 1; ; attempt += 1) {
      const name = anonymousUsernameFor(randomInt(ANONYMOUS_USERNAME_SPACE));
      // Nobody's display name may be someone else's anonymous username, nor the other way round.
      const takenAsDisplayName = await reservationHolder(
        this.writes,
        this.accountKeys.displayNameStream(name),
      );
      if (!takenAsDisplayName) {
        try {
          await claimReservation(
            this.writes,
            this.accountKeys.usernameStream(name),
            'username',
            userId,
            asAccount,
          );
          return name;
        } catch (error) {
          if (!(error instanceof ConflictError) || attempt >= USERNAME_ATTEMPTS) throw error;
        }
      } else if (attempt >= USERNAME_ATTEMPTS) {
        throw new ConflictError('Could not find a free username. Please try again.');
      }
    }
  }
}
