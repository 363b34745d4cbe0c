import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ScheduleModule } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { MailedLinks } from './application/accounts/mailed-links';
import { AccountReads } from './application/accounts/account-reads';
import {
  ResendVerificationHandler,
  VerifyEmailHandler,
} from './application/accounts/email-verification.handlers';
import {
  ChangePasswordHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
} from './application/accounts/password.handlers';
import {
  ChangeEmailPreferencesHandler,
  ChangeProfilePictureHandler,
  UpdateProfileHandler,
} from './application/accounts/profile.handlers';
import { GetPublicProfileHandler } from './application/accounts/public-profile.query';
import { RegisterUserHandler } from './application/accounts/register-user.handler';
import { LogInHandler, LogOutHandler } from './application/accounts/sessions.handlers';
import {
  AdminLogInHandler,
  AdminLogOutHandler,
  FirstAdmin,
} from './application/admin-auth/admin-auth.handlers';
import { BoardAnswers } from './api/community/board-answers';
import { communityProviders } from './application/community/community.providers';
import { NotificationReactor } from './application/community/notification-reactor';
import { WeeklyCompetitions } from './application/community/weekly-competitions';
import { RatePhotoHandler } from './application/rate-photo/rate-photo.handler';
import { CLOCK, type Clock, systemClock } from './application/shared/clock';
import { PROJECTION_PROGRESS, ProjectionProgress } from './application/shared/projection-progress';
import { AdminAuthController } from './api/admin-auth/admin-auth.controller';
import { AdminEntryController } from './api/admin-auth/admin-entry.controller';
import { AdminSessionGuard } from './api/admin-auth/admin-session.guard';
import { AuthController } from './api/auth/auth.controller';
import { LoginThrottle } from './api/auth/login-throttle';
import { SessionCookies } from './api/auth/session-cookies';
import { OptionalUserSessionGuard, UserSessionGuard } from './api/auth/user-session.guard';
import { CommentsController } from './api/community/comments.controller';
import { LeaderboardController } from './api/community/leaderboard.controller';
import { PostsController } from './api/community/posts.controller';
import { DevMailController } from './api/dev/dev-mail.controller';
import { HttpErrorFilter } from './api/errors/http-error.filter';
import { HealthController } from './api/health/health.controller';
import { CLIENT_IDENTITY, ClientIdentity } from './api/shared/client-identity';
import { UploadController } from './api/upload/upload.controller';
import { UploadRateLimitGuard } from './api/upload/upload-rate-limit.guard';
import { UserController } from './api/user/user.controller';
import {
  createEventStore,
  createImageStorage,
  createMailSender,
  createPasswordHasher,
  createRater,
  createReadStore,
} from './infrastructure/adapters';
import { resolveAppSecret } from './infrastructure/config/app-secret';
import type { AppConfig } from './config/config';
import { DataDirLock } from './infrastructure/config/data-dir-lock';
import { APP_CONFIG } from './config/config.provider';
import { EVENT_STORE, type EventStore } from './application/ports/event-store.port';
import { IMAGE_STORAGE } from './application/ports/image-storage.port';
import { MAIL_OUTBOX, MAIL_SENDER, type MailSender } from './application/ports/mail.port';
import { OutboxMailSender } from './infrastructure/mail/outbox-mail-sender';
import { SmtpMailSender } from './infrastructure/mail/smtp-mail-sender';
import { PASSWORD_HASHER } from './application/ports/password-hasher.port';
import { LeasedProjections } from './infrastructure/projection-runner/leased-projections';
import { ProjectionRunner } from './infrastructure/projection-runner/projection-runner';
import { PHOTO_RATER } from './application/ports/rater.port';
import { READ_STORE, type ReadStore } from './application/ports/read-store.port';
import { IMAGE_PROCESSOR } from './application/ports/image-processor.port';
import { sharpImageProcessor } from './infrastructure/images/image-pipeline';
import { allProjections, PROJECTIONS_VERSION } from './projections/all-projections';

export const PROJECTION_RUNNER = Symbol('ProjectionRunner');
const LEASED_PROJECTIONS = Symbol('LeasedProjections');
const DATA_DIR_LOCK = Symbol('DataDirLock');
/** How long the workers beside the projections wait for them to catch up at start. */
const CATCH_UP_TIMEOUT_MS = 10 * 60 * 1000;

/** Starts the projections once the app is wired, and closes the stores last on shutdown. */
@Injectable()
class Lifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(LEASED_PROJECTIONS) private readonly projections: LeasedProjections | null,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(DATA_DIR_LOCK) private readonly lock: DataDirLock | null,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    private readonly firstAdmin: FirstAdmin,
  ) {}

  async onApplicationBootstrap() {
    await this.projections?.start();
    // Where the projections run (not in api-only instances): whether an admin exists is read
    // from the read models; creating one is idempotent across instances.
    if (this.projections) await this.firstAdmin.ensure();
  }

  async onApplicationShutdown() {
    await this.projections?.stop();
    if (this.mail instanceof SmtpMailSender) this.mail.close();
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
      {
        provide: READ_STORE,
        inject: [DATA_DIR_LOCK, CLOCK],
        useFactory: (_lock: unknown, clock: Clock) => createReadStore(config, () => clock.now()),
      },
      { provide: IMAGE_STORAGE, useFactory: () => createImageStorage(config) },
      { provide: PHOTO_RATER, useFactory: () => createRater(config) },
      { provide: IMAGE_PROCESSOR, useValue: sharpImageProcessor },
      { provide: PASSWORD_HASHER, useFactory: () => createPasswordHasher(config) },
      { provide: MAIL_SENDER, useFactory: () => createMailSender(config, new Logger('Mail')) },
      {
        provide: MAIL_OUTBOX,
        inject: [MAIL_SENDER],
        useFactory: (mail: MailSender) => (mail instanceof OutboxMailSender ? mail : null),
      },
      { provide: CLIENT_IDENTITY, useFactory: () => new ClientIdentity(resolveAppSecret(config)) },
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
        // One worker projects at a time: the lease decides which (see LeasedProjections).
        provide: LEASED_PROJECTIONS,
        inject: [
          PROJECTION_RUNNER,
          READ_STORE,
          EVENT_STORE,
          NotificationReactor,
          WeeklyCompetitions,
        ],
        useFactory: (
          runner: ProjectionRunner | null,
          readStore: ReadStore,
          eventStore: EventStore,
          notifications: NotificationReactor,
          weeklyCompetitions: WeeklyCompetitions,
        ) =>
          runner
            ? new LeasedProjections(runner, readStore, {
                holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
                logger: new Logger('Projections'),
                // Mails, then the weekly close (whose achievement mails the reactor then sends).
                companions: [notifications, weeklyCompetitions],
                caughtUp: async () => {
                  const head = await eventStore.headPosition();
                  if (head !== null) await runner.waitForPosition(head, CATCH_UP_TIMEOUT_MS);
                },
              })
            : null,
      },
      {
        provide: PROJECTION_PROGRESS,
        inject: [LEASED_PROJECTIONS, READ_STORE],
        useFactory: (projections: LeasedProjections | null, readStore: ReadStore) =>
          new ProjectionProgress(() => projections?.activeRunner ?? null, readStore),
      },
      { provide: APP_FILTER, useClass: HttpErrorFilter },
      UploadRateLimitGuard,
      BoardAnswers,
      RatePhotoHandler,
      AccountReads,
      MailedLinks,
      SessionCookies,
      LoginThrottle,
      UserSessionGuard,
      OptionalUserSessionGuard,
      AdminSessionGuard,
      RegisterUserHandler,
      LogInHandler,
      LogOutHandler,
      VerifyEmailHandler,
      ResendVerificationHandler,
      RequestPasswordResetHandler,
      ResetPasswordHandler,
      ChangePasswordHandler,
      ChangeEmailPreferencesHandler,
      UpdateProfileHandler,
      ChangeProfilePictureHandler,
      GetPublicProfileHandler,
      AdminLogInHandler,
      AdminLogOutHandler,
      FirstAdmin,
      Lifecycle,
      ...communityProviders,
      NotificationReactor,
      WeeklyCompetitions,
    ];
    const apiControllers = [
      UploadController,
      AuthController,
      UserController,
      PostsController,
      LeaderboardController,
      CommentsController,
      AdminAuthController,
      AdminEntryController,
      // The outbox holds sign-in links: never reachable in production.
      ...(config.env === 'production' ? [] : [DevMailController]),
    ];
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot(), ScheduleModule.forRoot()],
      controllers:
        config.role === 'worker' ? [HealthController] : [...apiControllers, HealthController],
      providers,
      exports: [EVENT_STORE, READ_STORE, PROJECTION_RUNNER],
    };
  }
}
