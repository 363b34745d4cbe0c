import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { AdminAccountsController } from '../api/admin/admin-accounts.controller';
import { AdminController } from '../api/admin/admin.controller';
import { AdminReads } from '../application/moderation/admin-reads';
import { Moderation } from '../application/moderation/moderation';
import { AdminAuthController } from '../api/admin-auth/admin-auth.controller';
import { AdminEntryController } from '../api/admin-auth/admin-entry.controller';
import { AdminSessionGuard } from '../api/admin-auth/admin-session.guard';
import {
  CreateAdminHandler,
  DisableAdminHandler,
  SetAdminPasswordHandler,
} from '../application/admin-accounts/admin-accounts.handlers';
import { AdminRoster } from '../application/admin-accounts/admin-roster';
import { ConfiguredAdmin } from '../application/admin-accounts/configured-admin';
import {
  AdminLogInHandler,
  AdminLogOutHandler,
} from '../application/admin-auth/admin-auth.handlers';
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
        ? [AdminAuthController, AdminEntryController, AdminController, AdminAccountsController]
        : [],
      providers: [
        AdminSessionGuard,
        AdminLogInHandler,
        AdminLogOutHandler,
        CreateAdminHandler,
        DisableAdminHandler,
        SetAdminPasswordHandler,
        AdminRoster,
        ConfiguredAdmin,
        EnsureActiveAdmin,
        Moderation,
        AdminReads,
      ],
      exports: [AdminSessionGuard],
    }));
  }
}
