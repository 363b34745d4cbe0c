import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ScheduleModule } from '@nestjs/schedule';
import { DevClockController } from './api/dev/dev-clock.controller';
import { DevMailController } from './api/dev/dev-mail.controller';
import type { AppConfig } from './config/config';
import { AccountsModule } from './modules/accounts.module';
import { AdminModule } from './modules/admin.module';
import { CommunityModule } from './modules/community.module';
import { type AppOverrides, InfrastructureModule } from './modules/infrastructure.module';
import { PaymentsModule } from './modules/payments.module';
import { PhotoRatingModule } from './modules/photo-rating.module';
import { PrivacyModule } from './modules/privacy.module';

export { PROJECTION_RUNNER, type AppOverrides } from './modules/infrastructure.module';

/**
 * The app: the infrastructure wiring, then one module per bounded context (see `modules/`).
 * A worker process (ROLE=worker) serves no api routes, only health.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, overrides: AppOverrides = {}): DynamicModule {
    const api = config.role !== 'worker';
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        ScheduleModule.forRoot(),
        InfrastructureModule.forRoot(config, overrides),
        // Express tries routes in the order they were registered: the community's (boards,
        // posts), asked for most, come first, right after health.
        CommunityModule.register({ api }),
        AccountsModule.register({ api }),
        AdminModule.register({ api }),
        PhotoRatingModule.register({ api }),
        PrivacyModule.register({ api }),
        PaymentsModule.register({ api }),
      ],
      // The outbox holds sign-in links: never reachable in production.
      controllers: [
        ...(api && config.env !== 'production' ? [DevMailController] : []),
        // Time travel for browser tests; the config refuses TEST_CLOCK outside NODE_ENV=test.
        ...(api && config.testClock ? [DevClockController] : []),
      ],
    };
  }
}
