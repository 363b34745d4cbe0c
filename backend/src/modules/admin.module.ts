import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { AdminController } from '../api/admin/admin.controller';
import { AdminReads } from '../application/moderation/admin-reads';
import { Moderation } from '../application/moderation/moderation';
import { AdminAuthController } from '../api/admin-auth/admin-auth.controller';
import { AdminEntryController } from '../api/admin-auth/admin-entry.controller';
import { AdminSessionGuard } from '../api/admin-auth/admin-session.guard';
import {
  AdminLogInHandler,
  AdminLogOutHandler,
  FirstAdmin,
} from '../application/admin-auth/admin-auth.handlers';
import type { LeasedProjections } from '../infrastructure/projection-runner/leased-projections';
import { AccountsModule } from './accounts.module';
import { LEASED_PROJECTIONS } from './infrastructure.module';
import { registerOnce } from './register-once';

/** Where the projections run (not in api-only processes), makes sure an admin exists. */
@Injectable()
class EnsureFirstAdmin implements OnApplicationBootstrap {
  constructor(
    @Inject(LEASED_PROJECTIONS) private readonly projections: LeasedProjections | null,
    private readonly firstAdmin: FirstAdmin,
  ) {}

  async onApplicationBootstrap() {
    // Whether an admin exists is read from the read models; creating one is idempotent across
    // instances.
    if (this.projections) await this.firstAdmin.ensure();
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
      controllers: options.api ? [AdminAuthController, AdminEntryController, AdminController] : [],
      providers: [
        AdminSessionGuard,
        AdminLogInHandler,
        AdminLogOutHandler,
        FirstAdmin,
        EnsureFirstAdmin,
        Moderation,
        AdminReads,
      ],
      exports: [AdminSessionGuard],
    }));
  }
}
