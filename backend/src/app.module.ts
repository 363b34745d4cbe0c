import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { RatePhotoHandler } from './application/rate-photo/rate-photo.handler';
import { CLOCK, type Clock, systemClock } from './application/shared/clock';
import { PROJECTION_PROGRESS, ProjectionProgress } from './application/shared/projection-progress';
import { HttpErrorFilter } from './api/errors/http-error.filter';
import { HealthController } from './api/health/health.controller';
import { CLIENT_IDENTITY, ClientIdentity } from './api/shared/client-identity';
import { UploadController } from './api/upload/upload.controller';
import { UploadRateLimitGuard } from './api/upload/upload-rate-limit.guard';
import {
  createImageStorage,
  createEventStore,
  createRater,
  createReadStore,
} from './infrastructure/adapters';
import { resolveAppSecret } from './infrastructure/config/app-secret';
import type { AppConfig } from './infrastructure/config/config';
import { DataDirLock } from './infrastructure/config/data-dir-lock';
import { APP_CONFIG } from './infrastructure/config/config.provider';
import { EVENT_STORE, type EventStore } from './infrastructure/event-store/event-store.port';
import { IMAGE_STORAGE } from './infrastructure/images/image-storage.port';
import { ProjectionRunner } from './infrastructure/projection-runner/projection-runner';
import { PHOTO_RATER } from './infrastructure/rater/rater.port';
import { READ_STORE, type ReadStore } from './infrastructure/read-store/read-store.port';
import { allProjections, PROJECTIONS_VERSION } from './projections/all-projections';

export const PROJECTION_RUNNER = Symbol('ProjectionRunner');
const DATA_DIR_LOCK = Symbol('DataDirLock');

/** Starts the projections once the app is wired, and closes the stores last on shutdown. */
@Injectable()
class Lifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner | null,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(DATA_DIR_LOCK) private readonly lock: DataDirLock | null,
  ) {}

  async onApplicationBootstrap() {
    await this.runner?.start();
  }

  async onApplicationShutdown() {
    await this.runner?.stop();
    await this.eventStore.close();
    await this.readStore.close();
    this.lock?.release();
  }
}

export interface AppOverrides {
  clock?: Clock;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, overrides: AppOverrides = {}): DynamicModule {
    const providers: Provider[] = [
      { provide: APP_CONFIG, useValue: config },
      { provide: CLOCK, useValue: overrides.clock ?? systemClock },
      {
        // The embedded read store lives in this process's memory: one process per data dir.
        provide: DATA_DIR_LOCK,
        useFactory: () => (config.mongoUrl ? null : DataDirLock.acquire(config.dataDir, 'app')),
      },
      {
        provide: EVENT_STORE,
        inject: [DATA_DIR_LOCK],
        useFactory: () => createEventStore(config),
      },
      { provide: READ_STORE, inject: [DATA_DIR_LOCK], useFactory: () => createReadStore(config) },
      { provide: IMAGE_STORAGE, useFactory: () => createImageStorage(config) },
      { provide: PHOTO_RATER, useFactory: () => createRater(config) },
      { provide: CLIENT_IDENTITY, useFactory: () => new ClientIdentity(resolveAppSecret(config)) },
      {
        provide: PROJECTION_RUNNER,
        inject: [EVENT_STORE, READ_STORE],
        useFactory: (eventStore: EventStore, readStore: ReadStore) =>
          config.role === 'api'
            ? null
            : new ProjectionRunner(eventStore, readStore, allProjections, {
                version: PROJECTIONS_VERSION,
              }),
      },
      {
        provide: PROJECTION_PROGRESS,
        inject: [PROJECTION_RUNNER, READ_STORE],
        useFactory: (runner: ProjectionRunner | null, readStore: ReadStore) =>
          new ProjectionProgress(runner, readStore),
      },
      { provide: APP_FILTER, useClass: HttpErrorFilter },
      UploadRateLimitGuard,
      RatePhotoHandler,
      Lifecycle,
    ];
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot()],
      controllers:
        config.role === 'worker' ? [HealthController] : [UploadController, HealthController],
      providers,
      exports: [EVENT_STORE, READ_STORE, PROJECTION_RUNNER],
    };
  }
}
