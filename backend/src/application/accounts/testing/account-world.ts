import { createHash } from 'node:crypto';
import { loadConfig } from '../../../config/config';
import {
  addMs,
  EMAIL_VERIFICATION_TTL_MS,
  PASSWORD_RESET_TTL_MS,
} from '../../../domain/user/account-rules';
import { sessionStarted } from '../../../domain/user/user-credentials';
import type { SessionEndReason } from '../../../domain/user/user.events';
import type { EventMetadata } from '../../../domain/shared/event';
import { accountAdapters, specKeyedHasher } from '../../../../test/support/account-adapters';
import {
  type GivenEvent,
  type Handler,
  SPEC_NOW,
  type UseCaseSpecification,
  type UseCaseWorld,
} from '../../../../test/support/use-case-specification';
import type { MailMessage, MailSender } from '../../ports/mail.port';
import { StreamWrites } from '../../shared/stream-writes';
import { AccountReads } from '../account-reads';
import { AccountKeys, accountStreams } from '../account-secrets';
import { MailedLinks } from '../mailed-links';
import { SessionRevocations } from '../session-revocations';
import { UserStream } from '../user-stream';

/**
 * The accounts' use-case specs: accounts as the log holds them (`registered`, and the events of
 * what they did since), and the services the account handlers are built from on a use-case
 * world (`accountServices`). Test code only.
 */

export const PASSWORD = 'correct horse battery';
/** A real argon2id hash of PASSWORD (cheap parameters: the specs check it with the real hasher). */
export const PASSWORD_HASH =
  '$argon2id$v=19$m=64,t=2,p=1$9hYAzIteAvJP/kDW9SlIgg$NZcjOw/ogkUwqC9aWZ9bwtcY8owr5vrKBcbZozOsu98';
export const BROWSER = 'Firefox on Linux';

/** The streams of names and addresses, keyed as the handlers of every spec key them. */
export const accountKeys = new AccountKeys(specKeyedHasher);

export const accountConfig = loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '64' });

/** A token as people get them (43 base64url characters), the same for the same seed. */
export const tokenFor = (seed: string) => createHash('sha256').update(seed).digest('base64url');
/** What events and read models keep of a token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** An account a spec gives: what it signed up with, its first session and its mailed link. */
export interface GivenAccount {
  userId: string;
  email: string;
  password: string;
  anonymousUsername: string;
  sessionId: string;
  sessionToken: string;
  verificationToken: string;
  registeredAt: string;
}

const ANIMALS = ['Otter', 'Heron', 'Lynx', 'Finch', 'Badger'];

/** Account `n`, registered at `registeredAt` (the specs' now unless told). */
export function anAccount(n: number, registeredAt: string = SPEC_NOW): GivenAccount {
  return {
    userId: `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`,
    email: `member${n}@example.com`,
    password: PASSWORD,
    anonymousUsername: `Sunny${ANIMALS[n % ANIMALS.length]}${(1000 + n) % 10_000}`,
    sessionId: `s-${n}`,
    sessionToken: tokenFor(`session-${n}`),
    verificationToken: tokenFor(`verification-${n}`),
    registeredAt,
  };
}

/** The metadata of what the account did itself at `at`. */
const byAccount = (account: GivenAccount, at: string): Partial<EventMetadata> => ({
  actor: { type: 'user', id: account.userId },
  at,
});

export const claimed = (ownerId: string) => ({ type: 'ReservationClaimed', data: { ownerId } });
export const released = (ownerId: string) => ({ type: 'ReservationReleased', data: { ownerId } });

/**
 * The events a sign-up records: the claims on the address and the anonymous name, and on the
 * account's stream its registration, its verification link and its first session.
 */
export function registration(account: GivenAccount): { streamId: string; events: GivenEvent[] }[] {
  const { userId, registeredAt } = account;
  const metadata = byAccount(account, registeredAt);
  const now = new Date(registeredAt);
  return [
    {
      streamId: accountKeys.emailStream(account.email),
      events: [{ ...claimed(userId), metadata }],
    },
    {
      streamId: accountKeys.usernameStream(account.anonymousUsername),
      events: [{ ...claimed(userId), metadata }],
    },
    {
      streamId: accountStreams.user(userId),
      events: [
        {
          type: 'UserRegistered',
          data: {
            userId,
            email: account.email,
            passwordHash: PASSWORD_HASH,
            anonymousUsername: account.anonymousUsername,
          },
          metadata,
        },
        {
          type: 'EmailVerificationIssued',
          data: {
            userId,
            tokenHash: tokenHash(account.verificationToken),
            expiresAt: addMs(now, EMAIL_VERIFICATION_TTL_MS),
          },
          metadata,
        },
        {
          ...sessionStarted(
            userId,
            {
              sessionId: account.sessionId,
              tokenHash: tokenHash(account.sessionToken),
              browser: BROWSER,
            },
            now,
          ),
          metadata,
        },
      ],
    },
  ];
}

/** Given: the accounts registered, in this order. */
export function registered<Command, Answer>(
  spec: UseCaseSpecification<Command, Answer>,
  ...accounts: GivenAccount[]
): UseCaseSpecification<Command, Answer> {
  return accounts
    .flatMap(registration)
    .reduce((given, { streamId, events }) => given.given(streamId, ...events), spec);
}

/** The account's own stream. */
export const userStreamOf = (account: GivenAccount) => accountStreams.user(account.userId);

/** The account showed `displayUsername` (no bio, no links) at `at`. */
export function profileUpdated(
  account: GivenAccount,
  displayUsername: string | null,
  at = SPEC_NOW,
): GivenEvent {
  return {
    type: 'ProfileUpdated',
    data: { userId: account.userId, displayUsername, bio: null, socialLinks: null },
    metadata: byAccount(account, at),
  };
}

/** Given: the account shows `name`, its look claimed as a rename claims it. */
export function showing<Command, Answer>(
  spec: UseCaseSpecification<Command, Answer>,
  account: GivenAccount,
  name: string,
  at = SPEC_NOW,
): UseCaseSpecification<Command, Answer> {
  return spec
    .given(userStreamOf(account), profileUpdated(account, name, at))
    .given(accountKeys.displayNameStream(name), {
      ...claimed(account.userId),
      metadata: byAccount(account, at),
    });
}

/** A reset link for `token` was mailed at `at`, valid for its hour. */
export function passwordResetIssued(account: GivenAccount, token: string, at = SPEC_NOW) {
  return {
    type: 'PasswordResetIssued',
    data: {
      userId: account.userId,
      tokenHash: tokenHash(token),
      expiresAt: addMs(new Date(at), PASSWORD_RESET_TTL_MS),
    },
    metadata: { actor: { type: 'system', id: 'password-reset' }, at },
  } satisfies GivenEvent;
}

/** The account's first session ended. */
export function sessionEnded(account: GivenAccount, reason: SessionEndReason): GivenEvent {
  return {
    type: 'SessionEnded',
    data: {
      userId: account.userId,
      sessionId: account.sessionId,
      tokenHash: tokenHash(account.sessionToken),
      reason,
    },
  };
}

/** Mail kept in memory, as a mail port sends it. */
export class Mailbox implements MailSender {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  /** The last mail sent to `to`. */
  lastTo(to: string): MailMessage | undefined {
    return this.sent.filter((mail) => mail.to === to).at(-1);
  }

  /** The token of the last mailed link (verification or reset) sent to `to`. */
  tokenTo(to: string): string {
    const token = this.lastTo(to)?.text.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
    if (!token) throw new Error('No mailed link to that address');
    return token;
  }
}

/** What the account handlers are built from, on the world of one scenario. */
export function accountServices(world: UseCaseWorld, mail: MailSender = new Mailbox()) {
  const { hasher, limiter } = accountAdapters(world);
  const writes = new StreamWrites(world.eventStore, world.clock, world.progress);
  const revocations = new SessionRevocations(world.readStore, world.clock);
  const reads = new AccountReads(world.readStore, writes, revocations);
  return {
    writes,
    hasher,
    limiter,
    revocations,
    reads,
    mail,
    keys: accountKeys,
    config: accountConfig,
    account: new UserStream(writes, hasher, revocations, reads, accountKeys),
    links: new MailedLinks(writes, limiter, accountKeys, mail, accountConfig),
  };
}

/**
 * The handler, then a read of the world it ran in (which closes with the scenario): the answer
 * is `{ answer, after }`, for a scenario that checks what the read side shows once it is done.
 */
export function thenReading<Command, Answer, Read>(
  handler: Handler<Command, Answer>,
  read: () => Promise<Read>,
): Handler<Command, { answer: Answer; after: Read }> {
  return {
    execute: async (command) => {
      const answer = await handler.execute(command);
      return { answer, after: await read() };
    },
  };
}
