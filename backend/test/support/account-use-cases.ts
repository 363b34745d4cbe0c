import { randomUUID } from 'node:crypto';
import { sharpImageProcessor } from '../../src/infrastructure/images/image-pipeline';
import { AccountReads } from '../../src/application/accounts/account-reads';
import { AccountKeys } from '../../src/application/accounts/account-secrets';
import { MailedLinks } from '../../src/application/accounts/mailed-links';
import { RegisterUserCommand } from '../../src/application/accounts/register-user/register-user.command';
import { RegisterUserHandler } from '../../src/application/accounts/register-user/register-user.handler';
import { SessionRevocations } from '../../src/application/accounts/session-revocations';
import { UserStream } from '../../src/application/accounts/user-stream';
import type { ImageStorage } from '../../src/application/ports/image-storage.port';
import type { MailMessage, MailSender } from '../../src/application/ports/mail.port';
import { ProjectionProgress } from '../../src/application/shared/projection-progress';
import { StreamWrites } from '../../src/application/shared/stream-writes';
import { loadConfig } from '../../src/config/config';
import { SqliteEventStore } from '../../src/infrastructure/event-store/sqlite-event-store';
import { HmacKeyedHasher } from '../../src/infrastructure/keyed-hasher/hmac-keyed-hasher';
import { Argon2PasswordHasher } from '../../src/infrastructure/passwords/argon2-password-hasher';
import { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import { CounterRateLimiter } from '../../src/infrastructure/rate-limit/counter-rate-limiter';
import { EmbeddedReadStore } from '../../src/infrastructure/read-store/embedded-read-store';
import { allProjections, PROJECTIONS_VERSION } from '../../src/projections/all-projections';
import { SimilarPhotos } from '../../src/application/community/similar-photos';
import { UploadChecks } from '../../src/application/rate-photo/upload-checks';
import { ScriptedContentGate } from './scripted-content-gate';

/** A registered account: its id, what it signed up with, and the session registration started. */
export interface Account {
  userId: string;
  email: string;
  password: string;
  sessionToken: string;
}

/** Images kept in memory, as the image storage port keeps them. */
export class MemoryImages implements ImageStorage {
  readonly stored = new Map<string, Buffer>();
  async put(key: string, data: Buffer): Promise<void> {
    this.stored.set(key, data);
  }
  async get(key: string): Promise<Buffer | null> {
    return this.stored.get(key) ?? null;
  }
  async exists(key: string): Promise<boolean> {
    return this.stored.has(key);
  }
  async delete(key: string): Promise<void> {
    this.stored.delete(key);
  }
}

/**
 * What an account use case's handler (or a photo-rating one) is built from, in memory: the embedded event store and read
 * store with the projections running (so a handler's read-your-writes wait is the real one), a
 * fast argon2, an outbox for mails, images in memory and a clock that stands still (a spec may
 * move `now`). Specs build the handler under
 * test directly from these, give it an account's events (`register`), run one command and read
 * the account's stream.
 */
export class AccountUseCases {
  now = new Date('2026-03-02T10:00:00.000Z');
  readonly clock = { now: () => this.now };
  readonly eventStore = new SqliteEventStore(':memory:');
  readonly readStore = new EmbeddedReadStore(':memory:', () => this.now.getTime());
  readonly hasher = new Argon2PasswordHasher({ memoryCost: 64 });
  readonly config = loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '64' });
  readonly sent: MailMessage[] = [];
  readonly images = new MemoryImages();
  readonly mail: MailSender = { send: async (message) => void this.sent.push(message) };
  readonly keyedHasher = new HmacKeyedHasher('a secret for the account specs');
  readonly keys = new AccountKeys(this.keyedHasher);
  readonly limiter = new CounterRateLimiter(this.readStore, this.clock.now);
  readonly revocations = new SessionRevocations(this.readStore, this.clock);
  private readonly runner = new ProjectionRunner(this.eventStore, this.readStore, allProjections, {
    version: PROJECTIONS_VERSION,
    logger: { log: () => {}, warn: () => {}, error: () => {} },
  });
  readonly progress = new ProjectionProgress(() => this.runner, this.readStore);
  readonly writes = new StreamWrites(this.eventStore, this.clock, this.progress);
  /** The content gate: passes everything unless a spec scripts its decisions. */
  readonly gate = new ScriptedContentGate();
  readonly uploadChecks = new UploadChecks(
    this.writes,
    this.gate,
    new SimilarPhotos(this.readStore, this.images, sharpImageProcessor),
    this.readStore,
    this.config,
  );
  readonly reads = new AccountReads(this.readStore, this.writes, this.revocations);
  /** The accounts' writer the account handlers take. */
  readonly account = new UserStream(
    this.writes,
    this.hasher,
    this.revocations,
    this.reads,
    this.keys,
  );
  readonly links = new MailedLinks(this.writes, this.limiter, this.keys, this.mail, this.config);

  readonly registerUser = new RegisterUserHandler(
    this.eventStore,
    this.hasher,
    this.mail,
    this.clock,
    this.config,
    this.reads,
    this.keys,
    this.keyedHasher,
    this.limiter,
  );

  static async start(): Promise<AccountUseCases> {
    const useCases = new AccountUseCases();
    await useCases.runner.start();
    return useCases;
  }

  /** Given: an account registered (unverified) with a session, as the sign-up page makes one. */
  async register(password = 'correct horse battery'): Promise<Account> {
    const email = `${randomUUID()}@example.com`;
    const { user, sessionToken } = await this.registerUser.execute(
      new RegisterUserCommand(email, password, randomUUID(), 'Firefox on Linux'),
    );
    return { userId: user._id, email, password, sessionToken };
  }

  /** The types of the events on an account's stream, oldest first. */
  async eventTypes(userId: string): Promise<string[]> {
    return (await this.eventStore.readStream(`user-${userId}`)).map((event) => event.type);
  }

  /** The token of the last mailed link (verification or reset) sent to `email`. */
  mailedToken(email: string): string {
    const mail = this.sent.filter((message) => message.to === email).at(-1);
    const token = mail?.text.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
    if (!token) throw new Error(`No mailed link for ${email}`);
    return token;
  }

  async close(): Promise<void> {
    await this.runner.stop();
    await this.readStore.close();
    this.eventStore.close();
  }
}
