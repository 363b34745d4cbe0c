import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { HttpErrorFilter } from '../api/errors/http-error.filter';
import { HealthController } from '../api/health/health.controller';
import { CLIENT_IDENTITY, ClientIdentity } from '../api/shared/client-identity';
import { UploadsInProgress } from '../api/upload/uploads-in-progress';
import { CONTENT_GATE, type ContentGate } from '../application/ports/content-gate.port';
import { EVENT_STORE, type EventStore } from '../application/ports/event-store.port';
import { IMAGE_PROCESSOR } from '../application/ports/image-processor.port';
import { IMAGE_STORAGE } from '../application/ports/image-storage.port';
import { SHARE_CARD_RENDERER } from '../application/ports/share-card-renderer.port';
import { KEYED_HASHER } from '../application/ports/keyed-hasher.port';
import { MAIL_OUTBOX, MAIL_SENDER, type MailSender } from '../application/ports/mail.port';
import { METRICS } from '../application/ports/metrics.port';
import { PASSWORD_HASHER } from '../application/ports/password-hasher.port';
import {
  PERSONAL_DATA_KEYS,
  type PersonalDataKeys,
} from '../application/ports/personal-data-keys.port';
import { PHOTO_RATER } from '../application/ports/rater.port';
import { PAYMENTS } from '../application/ports/payments.port';
import { RATE_LIMITER, type RateLimiter } from '../application/ports/rate-limiter.port';
import { BudgetedRater } from '../application/rate-photo/budgeted-rater';
import { READ_STORE, type ReadStore } from '../application/ports/read-store.port';
import { BackgroundWork } from '../application/shared/background-work';
import { GetHealthHandler, REBUILD_PROGRESS } from '../application/shared/health.query';
import { CLOCK, type Clock, OffsetClock, systemClock } from '../application/shared/clock';
import { PROJECTION_PROGRESS, ProjectionProgress } from '../application/shared/projection-progress';
import { StreamWrites } from '../application/shared/stream-writes';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.provider';
import {
  createContentGate,
  createEventStore,
  createImageStorage,
  createMailSender,
  createPasswordHasher,
  createPersonalDataKeys,
  createPaymentGateway,
  createRater,
  createReadStore,
} from '../infrastructure/adapters';
import { resolveAppSecret } from '../infrastructure/config/app-secret';
import { DataDirLock } from '../infrastructure/config/data-dir-lock';
import { AppMetrics } from '../infrastructure/metrics/app-metrics';
import { MeteredMailSender } from '../infrastructure/metrics/metered-mail-sender';
import { subscriptionLag } from '../infrastructure/metrics/subscription-lag';
import { HmacKeyedHasher } from '../infrastructure/keyed-hasher/hmac-keyed-hasher';
import { sharpImageProcessor } from '../infrastructure/images/image-pipeline';
import { sharpShareCardRenderer } from '../infrastructure/images/share-card-renderer';
import { OutboxMailSender } from '../infrastructure/mail/outbox-mail-sender';
import { SmtpMailSender } from '../infrastructure/mail/smtp-mail-sender';
import { CounterRateLimiter } from '../infrastructure/rate-limit/counter-rate-limiter';
import { LeasedProjections } from '../infrastructure/projection-runner/leased-projections';
import {
  countedEventStore,
  countedKeyStore,
  countedReadStore,
} from '../infrastructure/round-trips/counted-port';
import { RequestRoundTrips, ROUND_TRIPS } from '../infrastructure/round-trips/request-round-trips';
import { ProjectionRunner } from '../infrastructure/projection-runner/projection-runner';
import { lowerBackgroundThreads } from '../infrastructure/threads/background-priority';
import { takeRebuildRequest } from '../infrastructure/projection-runner/rebuild-requests';
import { allProjections, PROJECTIONS_VERSION } from '../projections/all-projections';

export const PROJECTION_RUNNER = Symbol('ProjectionRunner');

/** The rebuild as a process that does not run the projections shows it. */
const IDLE_REBUILD = { state: 'idle', replayed: 0, head: null, etaSeconds: null } as const;
/** The projections under their lease, or null in an api-only process. */
export const LEASED_PROJECTIONS = Symbol('LeasedProjections');
const DATA_DIR_LOCK = Symbol('DataDirLock');
const APP_SECRET = Symbol('AppSecret');
/** The chosen mail adapter itself (the outbox or SMTP), behind its counting in MAIL_SENDER. */
const MAIL_ADAPTER = Symbol('MailAdapter');
/** How often threads started since the last look are lowered below the event loop. */
const RESCAN_THREADS_MS = 2000;
/** How long the workers beside the projections wait for them to catch up at start. */
const CATCH_UP_TIMEOUT_MS = 10 * 60 * 1000;

export interface AppOverrides {
  clock?: Clock;
  /** Stands in for the configured content gate (tests). */
  contentGate?: ContentGate;
}

/**
 * Loads the content gate's models at start (outside tests, which load them when first asked)
 * and closes the gate on shutdown.
 */
@Injectable()
class ContentGateLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ContentGate');

  constructor(
    @Inject(CONTENT_GATE) private readonly gate: ContentGate,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap() {
    if (this.config.env === 'test') return;
    this.gate.ready().catch((error: unknown) => {
      this.logger.error(`The content gate is not ready: ${String(error)}`);
    });
  }

  async onApplicationShutdown() {
    await this.gate.close();
  }
}

/**
 * Keeps the event loop ahead of the process's other threads (see background-priority.ts): at
 * start, and every few seconds for threads started since (libvips adds workers as it needs them).
 */
@Injectable()
class EventLoopFirst implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;

  onApplicationBootstrap() {
    lowerBackgroundThreads();
    this.timer = setInterval(lowerBackgroundThreads, RESCAN_THREADS_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }
}

/**
 * Starts the projections once every context has been wired (and has added its workers), and
 * closes them, then the stores, last on shutdown.
 */
@Injectable()
class ProjectionsAndStores implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(LEASED_PROJECTIONS) private readonly projections: LeasedProjections | null,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(DATA_DIR_LOCK) private readonly lock: DataDirLock | null,
    @Inject(MAIL_ADAPTER) private readonly mail: MailSender,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
  ) {}

  async onApplicationBootstrap() {
    await this.projections?.start();
  }

  async onApplicationShutdown() {
    await this.projections?.stop();
    if (this.mail instanceof SmtpMailSender) this.mail.close();
    await this.eventStore.close();
    await this.keys.close();
    await this.readStore.close();
    this.lock?.release();
  }
}

/**
 * The adapters behind every port, chosen from configuration (see `infrastructure/adapters.ts`),
 * the projections under their lease, read-your-writes, the one error filter and the health
 * routes. Global: every bounded context injects the ports by their tokens.
 */
@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: AppConfig, overrides: AppOverrides = {}): DynamicModule {
    return {
      module: InfrastructureModule,
      controllers: [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        {
          provide: CLOCK,
          useValue: overrides.clock ?? (config.testClock ? new OffsetClock() : systemClock),
        },
        {
          // The embedded read store lives in this process's memory: one process per data dir.
          provide: DATA_DIR_LOCK,
          useFactory: () => (config.mongoUrl ? null : DataDirLock.acquire(config.dataDir, 'app')),
        },
        { provide: APP_SECRET, useFactory: () => resolveAppSecret(config) },
        {
          // Every call to a store counted to the request that made it (see round-trips/).
          provide: ROUND_TRIPS,
          useFactory: () => new RequestRoundTrips(),
        },
        // One registry per app: tests run many apps in one process.
        { provide: METRICS, useFactory: () => new AppMetrics() },
        {
          provide: PERSONAL_DATA_KEYS,
          inject: [DATA_DIR_LOCK, APP_SECRET, ROUND_TRIPS],
          useFactory: (_lock: unknown, secret: string, roundTrips: RequestRoundTrips) =>
            createPersonalDataKeys(config, secret, (store) => countedKeyStore(store, roundTrips)),
        },
        {
          provide: EVENT_STORE,
          inject: [DATA_DIR_LOCK, PERSONAL_DATA_KEYS, METRICS, ROUND_TRIPS],
          useFactory: async (
            _lock: unknown,
            keys: PersonalDataKeys,
            metrics: AppMetrics,
            roundTrips: RequestRoundTrips,
          ) => {
            const logger = new Logger('PersonalData');
            return countedEventStore(
              await createEventStore(config, keys, (line) => logger.warn(line), metrics),
              roundTrips,
            );
          },
        },
        {
          provide: KEYED_HASHER,
          inject: [APP_SECRET],
          useFactory: (secret: string) => new HmacKeyedHasher(secret),
        },
        {
          provide: READ_STORE,
          inject: [DATA_DIR_LOCK, CLOCK, ROUND_TRIPS],
          useFactory: async (_lock: unknown, clock: Clock, roundTrips: RequestRoundTrips) =>
            countedReadStore(await createReadStore(config, () => clock.now()), roundTrips),
        },
        {
          provide: RATE_LIMITER,
          inject: [READ_STORE, CLOCK],
          useFactory: (readStore: ReadStore, clock: Clock) =>
            new CounterRateLimiter(readStore, () => clock.now()),
        },
        { provide: IMAGE_STORAGE, useFactory: () => createImageStorage(config) },
        { provide: PAYMENTS, useFactory: () => createPaymentGateway(config) },
        {
          provide: PHOTO_RATER,
          inject: [RATE_LIMITER, METRICS],
          useFactory: (limiter: RateLimiter, metrics: AppMetrics) =>
            new BudgetedRater(createRater(config), limiter, config.raterCallsPerHour, metrics),
        },
        {
          provide: CONTENT_GATE,
          useFactory: () => {
            const logger = new Logger('ContentGate');
            return overrides.contentGate ?? createContentGate(config, (line) => logger.log(line));
          },
        },
        ContentGateLifecycle,
        EventLoopFirst,
        { provide: IMAGE_PROCESSOR, useValue: sharpImageProcessor },
        { provide: SHARE_CARD_RENDERER, useValue: sharpShareCardRenderer },
        { provide: PASSWORD_HASHER, useFactory: () => createPasswordHasher(config) },
        { provide: MAIL_ADAPTER, useFactory: () => createMailSender(config, new Logger('Mail')) },
        {
          provide: MAIL_SENDER,
          inject: [MAIL_ADAPTER, METRICS],
          useFactory: (mail: MailSender, metrics: AppMetrics) =>
            new MeteredMailSender(mail, metrics),
        },
        {
          provide: MAIL_OUTBOX,
          inject: [MAIL_ADAPTER],
          useFactory: (mail: MailSender) => (mail instanceof OutboxMailSender ? mail : null),
        },
        {
          provide: CLIENT_IDENTITY,
          useFactory: () => new ClientIdentity(resolveAppSecret(config), config.ipv6ClientPrefix),
        },
        {
          provide: PROJECTION_RUNNER,
          inject: [EVENT_STORE, READ_STORE],
          useFactory: (eventStore: EventStore, readStore: ReadStore) =>
            config.role === 'api'
              ? null
              : new ProjectionRunner(eventStore, readStore, allProjections, {
                  version: PROJECTIONS_VERSION,
                  logger: new Logger('Projections'),
                }),
        },
        {
          // One worker projects at a time: the lease decides which (see LeasedProjections). The
          // contexts add their workers beside it (mail reactors, schedulers) while wiring.
          provide: LEASED_PROJECTIONS,
          inject: [PROJECTION_RUNNER, READ_STORE, EVENT_STORE, METRICS],
          useFactory: (
            runner: ProjectionRunner | null,
            readStore: ReadStore,
            eventStore: EventStore,
            metrics: AppMetrics,
          ) => {
            if (!runner) return null;
            const projections = new LeasedProjections(runner, readStore, {
              holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
              logger: new Logger('Projections'),
              caughtUp: async () => {
                const head = await eventStore.headPosition();
                if (head !== null) await runner.waitForPosition(head, CATCH_UP_TIMEOUT_MS);
              },
              rebuildRequested: takeRebuildRequest(
                config.mongoUrl ? { readStore } : { dataDir: config.dataDir },
              ),
            });
            const positionsCountEvents = !config.eventStoreUrl;
            metrics.watchLag(
              subscriptionLag(() => projections.subscribers(), eventStore, {
                positionsCountEvents,
              }),
            );
            return projections;
          },
        },
        {
          provide: PROJECTION_PROGRESS,
          inject: [LEASED_PROJECTIONS, READ_STORE],
          useFactory: (projections: LeasedProjections | null, readStore: ReadStore) =>
            new ProjectionProgress(() => projections?.activeRunner ?? null, readStore),
        },
        {
          provide: REBUILD_PROGRESS,
          inject: [PROJECTION_RUNNER, METRICS],
          useFactory: (runner: ProjectionRunner | null, metrics: AppMetrics) => {
            const read = () => runner?.rebuildStatus.snapshot() ?? IDLE_REBUILD;
            metrics.watchRebuild(read);
            return read;
          },
        },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        // Shared by every upload route: an address's places are counted across them.
        UploadsInProgress,
        ProjectionsAndStores,
        BackgroundWork,
        StreamWrites,
        GetHealthHandler,
      ],
      exports: [
        APP_CONFIG,
        CLOCK,
        EVENT_STORE,
        READ_STORE,
        ROUND_TRIPS,
        IMAGE_STORAGE,
        PAYMENTS,
        PHOTO_RATER,
        CONTENT_GATE,
        IMAGE_PROCESSOR,
        SHARE_CARD_RENDERER,
        PASSWORD_HASHER,
        PERSONAL_DATA_KEYS,
        KEYED_HASHER,
        MAIL_SENDER,
        MAIL_OUTBOX,
        METRICS,
        RATE_LIMITER,
        CLIENT_IDENTITY,
        UploadsInProgress,
        PROJECTION_RUNNER,
        LEASED_PROJECTIONS,
        PROJECTION_PROGRESS,
        BackgroundWork,
        StreamWrites,
      ],
    };
  }
}
