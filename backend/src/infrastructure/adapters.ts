import { join } from 'node:path';
import type { AppConfig } from '../config/config';
import type { EventStore } from '../application/ports/event-store.port';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import type { ImageStorage } from '../application/ports/image-storage.port';
import { LocalImageStorage } from './images/local-image-storage';
import type { MailSender } from '../application/ports/mail.port';
import { OutboxMailSender } from './mail/outbox-mail-sender';
import { SmtpMailSender } from './mail/smtp-mail-sender';
import { Argon2PasswordHasher } from './passwords/argon2-password-hasher';
import type { PasswordHasher } from '../application/ports/password-hasher.port';
import type { PhotoRater } from '../application/ports/rater.port';
import { OfflineRater } from './rater/offline-rater';
import { OpenAiRater } from './rater/openai-rater';
import { EmbeddedReadStore } from './read-store/embedded-read-store';
import type { ReadStore } from '../application/ports/read-store.port';

/** Chooses every adapter from configuration, in one place, so the choice is easy to audit. */
export async function createEventStore(config: AppConfig): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./event-store/eventstoredb-event-store');
    return EventStoreDbEventStore.connect(config.eventStoreUrl);
  }
  return new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
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
  return new EmbeddedReadStore(join(config.dataDir, 'read-models.sqlite'), () => now().getTime());
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

export function createPasswordHasher(config: AppConfig): PasswordHasher {
  return new Argon2PasswordHasher({ memoryCost: config.passwordHashMemoryKib });
}

/**
 * SMTP when configured; otherwise the outbox. Its log line holds the links of the mail (which
 * sign people in), so a production start that knowingly runs on it logs only who and what.
 */
export function createMailSender(
  config: AppConfig,
  logger: { log(line: string): void; warn(line: string): void },
): MailSender {
  if (config.smtpUrl) return new SmtpMailSender(config.smtpUrl, config.mailFrom);
  return new OutboxMailSender({
    log:
      config.env === 'production'
        ? (line) => logger.warn(`${line.split('\n')[0]} (not delivered: SMTP_URL is not set)`)
        : (line) => logger.log(line),
  });
}

export function describeAdapters(config: AppConfig): string[] {
  return [
    `event store: ${config.eventStoreUrl ? 'EventStoreDB' : `embedded SQLite in ${config.dataDir}`}`,
    `read store: ${config.mongoUrl ? 'MongoDB' : 'embedded (restored from its file)'}`,
    `rater: ${config.openAi ? `OpenAI ${config.openAi.model}` : 'offline photo-quality rater (no content check)'}`,
    `images: ${join(config.dataDir, 'uploads')}`,
    `mail: ${config.smtpUrl ? `SMTP (${new URL(config.smtpUrl).host})` : 'outbox in memory, printed to the log and at GET /api/dev/mail'}`,
    `password hashing: argon2id, ${config.passwordHashMemoryKib} KiB, 2 passes, 1 lane`,
  ];
}
