import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { activeAdminIds } from '../../domain/admin/admin-roster.decider';
import type { AdminEvent } from '../../domain/admin/admin.decider';
import { ConflictError, IllegalStateError } from '../../domain/shared/errors';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { by } from '../shared/command-metadata';
import type { Decided } from '../shared/decider-runner';
import { AdminCredentials } from './admin-credentials';
import { AdminRoster } from './admin-roster';

/**
 * At start, with no active admin, ADMIN_USERNAME / ADMIN_PASSWORD restore that admin (password set,
 * sessions ended) or create it: the first admin of a new store, or the break-glass when all were
 * disabled. Safe across restarts and instances starting at once: the username is claimed in its
 * reservation stream (a start finding it claimed completes with its holder), and the roster learns
 * of the admin only once its stream says it is active.
 */
@Injectable()
export class ConfiguredAdmin {
  private readonly logger = new Logger('Admin');

  constructor(
    private readonly credentials: AdminCredentials,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly roster: AdminRoster,
  ) {}

  async ensure(): Promise<void> {
    // The roster is seeded from the read models: let them catch up after a restart first.
    await this.credentials.caughtUp(60_000);
    const metadata = by.system('first-admin', 'first-admin', this.credentials.now());
    if (activeAdminIds(await this.roster.reconcile(metadata)).length > 0) return;
    const wanted = this.config.admin;
    if (!wanted) {
      this.logger.warn(
        'No active admin exists: set ADMIN_USERNAME and ADMIN_PASSWORD to create or restore one',
      );
      return;
    }

    let adminId: string = randomUUID();
    try {
      await this.credentials.claimUsername(wanted.username, adminId, metadata);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const holder = await this.credentials.usernameHolder(wanted.username);
      if (!holder) throw error;
      adminId = holder;
    }
    const passwordHash = await this.credentials.hash(wanted.password);
    const existed = (await this.credentials.load(adminId)).status !== 'none';
    let decided: Decided<AdminEvent>;
    try {
      decided = await this.credentials.decideOnAdmin(
        adminId,
        existed
          ? { type: 'RestoreAdmin', data: { passwordHash } }
          : { type: 'CreateAdmin', data: { adminId, username: wanted.username, passwordHash } },
        metadata,
      );
    } catch (error) {
      // Another instance starting at the same moment created it; that one completes the roster.
      if (error instanceof IllegalStateError) return;
      throw error;
    }
    const restored = await this.roster.decideOnRoster(
      { type: 'RestoreAdminOnRoster', data: { adminId } },
      metadata,
    );
    await this.credentials.settle(restored.position ?? decided.position);
    this.logger.log(
      existed
        ? `No active admin was left: restored the configured admin, ${wanted.username}`
        : `Created the first admin, ${wanted.username}`,
    );
  }
}
