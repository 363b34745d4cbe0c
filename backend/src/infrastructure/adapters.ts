import { PrefixedEventStore } from './event-store/prefixed-event-store';
import { join } from 'node:path';
import type { AppConfig } from '../config/config';
import type { EventStore } from '../application/ports/event-store.port';
import type { PersonalDataKeys } from '../application/ports/personal-data-keys.port';
import { PersonalDataEventStore } from './event-store/personal-data-event-store';
import { type AppendMetrics, InstrumentedEventStore } from './metrics/instrumented-event-store';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { CachedPersonalDataKeys } from './personal-data/cached-personal-data-keys';
import { KeyWrapping } from './personal-data/key-wrapping';
import { SqlitePersonalDataKeys } from './personal-data/sqlite-personal-data-keys';
import type { ImageStorage } from '../application/ports/image-storage.port';
import { LocalImageStorage } from './images/local-image-storage';
import type { MailSender } from '../application/ports/mail.port';
import { OutboxMailSender } from './mail/outbox-mail-sender';
import { SmtpMailSender } from './mail/smtp-mail-sender';
import { Argon2PasswordHasher } from './passwords/argon2-password-hasher';
import type { PasswordHasher } from '../application/ports/password-hasher.port';
import type { PhotoRater } from '../application/ports/rater.port';
import { OfflineRater } from './rater/offline-rater';
import type { PaymentGateway } from '../application/ports/payments.port';
import { LocalPaymentGateway } from './payments/local-payment-gateway';
import { StripePaymentGateway } from './payments/stripe-payment-gateway';
import { OpenAiRater } from './rater/openai-rater';
import { EmbeddedReadStore } from './read-store/embedded-read-store';
import { ADMINS } from '../projections/admins/admins.projection';
import { WEEKLY_COMPETITIONS } from '../projections/weekly-competitions/weekly-competitions.projection';
import { databaseNameFromUrl } from './read-store/mongo-read-store.mapping';
import type { ReadStore } from '../application/ports/read-store.port';
import type { ContentGate } from '../application/ports/content-gate.port';
import { OfflineContentGate } from './content-gate/offline-content-gate';
import { NoUploadsGate } from './content-gate/no-uploads-gate';
import { OpenAiContentGate } from './content-gate/openai-content-gate';

/**
 * Chooses every adapter from configuration, in one place, so the choice is easy to audit. The event
 * store always comes behind the sealing of personal data
 * (`event-store/personal-data-event-store.ts`), so whatever reads or writes the log, the app or
 * `projections:rebuild`, uses the same keys; with `metrics` (the app), appends are counted and
 * timed around both.
 */
export async function createEventStore(
  config: AppConfig,
  keys: PersonalDataKeys,
  warn?: (line: string) => void,
  metrics?: AppendMetrics,
): Promise<EventStore> {
  let log: EventStore;
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./event-store/eventstoredb-event-store');
    log = await EventStoreDbEventStore.connect(config.eventStoreUrl);
  } else {
    log = new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
  }
  if (config.eventStreamPrefix) log = new PrefixedEventStore(log, config.eventStreamPrefix);
  const sealed = new PersonalDataEventStore(log, keys, { warn });
  return metrics ? new InstrumentedEventStore(sealed, metrics) : sealed;
}

/**
 * The keys of personal data, outside the log and apart from the read models (a rebuild drops
 * those): a database of their own beside the read models' in MongoDB, else their own SQLite
 * file in DATA_DIR. Stored wrapped under a key derived from the app secret, and cached in memory
 * in front of the store; `behindCache` decorates the store itself (the app counts its calls).
 */
export async function createPersonalDataKeys(
  config: AppConfig,
  appSecret: string,
  behindCache: (store: PersonalDataKeys) => PersonalDataKeys = (store) => store,
): Promise<PersonalDataKeys> {
  const wrapping = new KeyWrapping(appSecret);
  if (config.mongoUrl) {
    const { MongoPersonalDataKeys } = await import('./personal-data/mongo-personal-data-keys');
    return new CachedPersonalDataKeys(
      behindCache(
        await MongoPersonalDataKeys.connect(
          config.mongoUrl,
          keysDatabase(config.mongoUrl),
          wrapping,
        ),
      ),
    );
  }
  return new CachedPersonalDataKeys(
    behindCache(
      new SqlitePersonalDataKeys(join(config.dataDir, 'personal-data-keys.sqlite'), wrapping),
    ),
  );
}

/** `now` is the clock port: counter windows (rate limits) expire by the app's time. */
export async function createReadStore(
  config: AppConfig,
  now: () => Date = () => new Date(),
): Promise<ReadStore> {
  if (config.mongoUrl) {
    const { MongoReadStore } = await import('./read-store/mongo-read-store');
    return MongoReadStore.connect(config.mongoUrl, undefined, { now });
  }
  return new EmbeddedReadStore(readStoreFile(config), () => now().getTime(), {
    // Under test, a query no index serves fails. The admins are a handful and the weeks' archive
    // one document a week: read whole.
    refuseFullScans: config.env === 'test',
    fewDocuments: [ADMINS, WEEKLY_COMPETITIONS],
  });
}

export function createImageStorage(config: AppConfig): LocalImageStorage & ImageStorage {
  return new LocalImageStorage(join(config.dataDir, 'uploads'));
}

export function createRater(config: AppConfig): PhotoRater {
  if (config.openAi) {
    return new OpenAiRater({
      apiKey: config.openAi.apiKey,
      model: config.openAi.model,
      baseURL: config.openAi.baseUrl ?? undefined,
      timeoutMs: config.openAi.timeoutMs,
    });
  }
  return new OfflineRater();
}

/**
 * The gate every image passes before it is stored or rated. The offline one loads its models
 * in a worker thread when first asked (`ready()` or an image); the app asks at start. A worker
 * process serves no uploads and has none.
 */
export function createContentGate(config: AppConfig, log?: (line: string) => void): ContentGate {
  const { kind, queueLength, timeoutMs } = config.contentGate;
  if (config.role === 'worker') return new NoUploadsGate();
  if (kind === 'openai' && config.openAi) {
    return new OpenAiContentGate({
      apiKey: config.openAi.apiKey,
      baseURL: config.openAi.baseUrl ?? undefined,
      timeoutMs: Math.min(timeoutMs, config.openAi.timeoutMs),
    });
  }
  return new OfflineContentGate({ queueLength, timeoutMs, log });
}

export function createPaymentGateway(config: AppConfig): PaymentGateway {
  if (config.stripe) return new StripePaymentGateway(config.stripe);
  return new LocalPaymentGateway(config.dataDir, config.publicUrl);
}

export function createPasswordHasher(config: AppConfig): PasswordHasher {
  return new Argon2PasswordHasher({ memoryCost: config.passwordHashMemoryKib });
}

/**
 * SMTP when configured; otherwise the outbox, which logs each mail's subject (never its
 * recipient or its links), as a warning in production, where the mail is not delivered.
 */
export function createMailSender(
  config: AppConfig,
  logger: { log(line: string): void; warn(line: string): void },
): MailSender {
  if (config.smtpUrl) return new SmtpMailSender(config.smtpUrl, config.mailFrom);
  return new OutboxMailSender({
    log:
      config.env === 'production'
        ? (line) => logger.warn(`${line} (not delivered: SMTP_URL is not set)`)
        : (line) => logger.log(`${line} (read it at ${config.publicUrl}/dev/mail)`),
  });
}

/** The embedded read store's file, which a start either finds (and reads) or makes. */
export function readStoreFile(config: Pick<AppConfig, 'dataDir'>): string {
  return join(config.dataDir, 'read-models.sqlite');
}

/**
 * The boot's lines. `readStoreWasThere`: whether the embedded read store's file was there
 * before this start (read back from it), or made by it (new).
 */
export function describeAdapters(config: AppConfig, readStoreWasThere = true): string[] {
  return [
    `event store: ${config.eventStoreUrl ? 'EventStoreDB' : `embedded SQLite in ${config.dataDir}`}, personal data sealed per person`,
    `personal data keys: ${config.mongoUrl ? `MongoDB database ${keysDatabase(config.mongoUrl)}` : `embedded SQLite in ${config.dataDir}`}`,
    `read store: ${config.mongoUrl ? 'MongoDB' : readStoreWasThere ? `embedded, read back from ${readStoreFile(config)}` : `embedded, new in ${readStoreFile(config)}`}`,
    `rater: ${config.openAi ? `OpenAI ${config.openAi.model}` : 'offline, scores the photo (sharpness, light, framing), not the feet'}`,
    `content gate: ${describeGate(config)}`,
    `payments: ${config.stripe ? `Stripe Checkout${config.stripe.apiUrl ? ` at ${config.stripe.apiUrl}` : ''}` : `local test checkout at ${config.publicUrl}/checkout (no money moves)`}`,
    `images: ${join(config.dataDir, 'uploads')}`,
    `mail: ${config.smtpUrl ? `SMTP (${new URL(config.smtpUrl).host})` : mailOutbox(config)}`,
    `password hashing: argon2id, ${config.passwordHashMemoryKib} KiB, 2 passes, 1 lane`,
  ];
}

function describeGate(config: AppConfig): string {
  if (config.role === 'worker') return 'none (a worker serves no uploads)';
  if (config.contentGate.kind === 'openai') return 'OpenAI omni-moderation-latest';
  return `offline face, pose and nudity models in a worker thread, ${config.contentGate.queueLength} images queued at most`;
}

/** What the outbox does with mail: in production it only logs each subject (no dev route). */
function mailOutbox(config: AppConfig): string {
  return config.env === 'production'
    ? 'outbox in memory, not delivered: only each subject is logged'
    : `outbox in memory, each subject logged, the mails at ${config.publicUrl}/dev/mail`;
}

function keysDatabase(mongoUrl: string): string {
  return `${databaseNameFromUrl(mongoUrl)}_keys`;
}
