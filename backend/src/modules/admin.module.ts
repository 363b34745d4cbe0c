import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { AdminClustersController } from '../api/admin/admin-clusters.controller';
import { AdminAccountsController } from '../api/admin/admin-accounts.controller';
import { AdminAuditController } from '../api/admin/admin-audit.controller';
import { AdminCommentsController } from '../api/admin/admin-comments.controller';
import { AdminPaymentsController } from '../api/admin/admin-payments.controller';
import { AdminPostsController } from '../api/admin/admin-posts.controller';
import { AdminHeldPostsController } from '../api/admin/admin-held-posts.controller';
import { AdminImagesController } from '../api/admin/admin-images.controller';
import { AdminReportsController } from '../api/admin/admin-reports.controller';
import { AdminStatisticsController } from '../api/admin/admin-statistics.controller';
import { AdminStrikesController } from '../api/admin/admin-strikes.controller';
import { AdminUsersController } from '../api/admin/admin-users.controller';
import { AdminAuthController } from '../api/admin-auth/admin-auth.controller';
import { AdminEntryController } from '../api/admin-auth/admin-entry.controller';
import { AdminEntryMarks } from '../api/admin-auth/admin-entry-marks';
import { adminAccountsProviders } from '../application/admin-accounts/admin-accounts.providers';
import { adminAuthProviders } from '../application/admin-auth/admin-auth.providers';
import { ConfiguredAdmin } from '../application/admin-accounts/configured-admin';
import { HeldRatingsSweep } from '../application/moderation/count-held-ratings/held-ratings-sweep';
import { moderationProviders } from '../application/moderation/moderation.providers';
import { StrikesReactor } from '../application/moderation/strikes-reactor';
import type { LeasedProjections } from '../infrastructure/projection-runner/leased-projections';
import { AccountsModule } from './accounts.module';
import { LEASED_PROJECTIONS } from './infrastructure.module';
import { registerOnce } from './register-once';

/**
 * Where the projections run (not in api-only processes), makes sure an active admin exists: the
 * first one, or the configured one restored when every admin was disabled.
 */
@Injectable()
class EnsureActiveAdmin implements OnApplicationBootstrap {
  constructor(
    @Inject(LEASED_PROJECTIONS) private readonly projections: LeasedProjections | null,
    private readonly configuredAdmin: ConfiguredAdmin,
  ) {}

  async onApplicationBootstrap() {
    // The roster decides whether one is active; making one is idempotent across instances.
    if (this.projections) await this.configuredAdmin.ensure();
  }
}

/** Strikes and the sweep that counts held ratings whose time has come follow the log beside the projections, under their lease. */
@Injectable()
class ModerationWorkers implements OnModuleInit {
  constructor(
    @Inject(LEASED_PROJECTIONS) private readonly projections: LeasedProjections | null,
    private readonly strikes: StrikesReactor,
    private readonly sweep: HeldRatingsSweep,
  ) {}

  onModuleInit() {
    this.projections?.addCompanion(this.strikes);
    this.projections?.addCompanion(this.sweep);
  }
}

/**
 * The admin back office: admin accounts and sessions at the hidden sign-in path, moderation of
 * posts, comments, reports and accounts, the audit log and statistics.
 */
@Module({})
export class AdminModule {
  static register(options: { api: boolean }): DynamicModule {
    return registerOnce('admin', options, () => ({
      module: AdminModule,
      imports: [AccountsModule.register(options)],
      controllers: options.api
        ? [
            AdminAuthController,
            AdminEntryController,
            AdminStatisticsController,
            AdminPaymentsController,
            AdminPostsController,
            AdminHeldPostsController,
            AdminImagesController,
            AdminCommentsController,
            AdminReportsController,
            AdminUsersController,
            AdminStrikesController,
            AdminAuditController,
            AdminAccountsController,
            AdminClustersController,
          ]
        : [],
      providers: [
        ...adminAccountsProviders,
        ...adminAuthProviders,
        ...moderationProviders,
        EnsureActiveAdmin,
        ModerationWorkers,
        AdminEntryMarks,
      ],
    }));
  }
}
