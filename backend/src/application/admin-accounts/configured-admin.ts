import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { activeAdminIds } from '../../domain/admin/admin-roster.decider';
import { adminDecider } from '../../domain/admin/admin.decider';
import { ConflictError, IllegalStateError } from '../../domain/shared/errors';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { AccountKeys, accountStreams } from '../accounts/account-secrets';
import { SessionRevocations } from '../accounts/session-revocations';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.port';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { claimReservation, reservationHolder } from '../shared/reservations';
import { AdminRoster, loadAdmin } from './admin-roster';

/**
 * At start, when the roster counts no active admin, ADMIN_USERNAME / ADMIN_PASSWORD make one: the
 * first admin of a new store, and the break-glass of a store whose admins were all disabled. An
 * admin of that username is restored (active again, its password the configured one, any session
 * it had ended); otherwise one is created. While an active admin exists the variables change
 * nothing.
 *
 * Safe across restarts and several instances starting at once: the username is claimed in its
 * reservation stream (a start that finds it claimed uses its holder, which completes a start that
 * died in between), the admin's stream is created with `no_stream`, and the roster learns of the
 * admin only after its stream says it is active.
 */
@Injectable()
export class ConfiguredAdmin {
  private readonly logger = new Logger('Admin');

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accountKeys: AccountKeys,
    private readonly roster: AdminRoster,
    private readonly revocations: SessionRevocations,
  ) {}

  async ensure(): Promise<void> {
    // The roster is seeded from the read models: let them catch up after a restart first.
    await this.progress.waitFor(await this.eventStore.headPosition(), 60_000);
    const metadata = commandMetadata(
      { type: 'system', id: 'first-admin' },
      this.clock.now(),
      'first-admin',
    );
    if (activeAdminIds(await this.roster.reconcile(metadata)).length > 0) return;
    const wanted = this.config.admin;
    if (!wanted) {
      this.logger.warn(
        'No active admin exists: set ADMIN_USERNAME and ADMIN_PASSWORD to create or restore one',
      );
      return;
    }

    const reservation = this.accountKeys.adminUsernameStream(wanted.username);
    let adminId: string = randomUUID();
    try {
      await claimReservation(this.eventStore, reservation, 'admin-username', adminId, metadata);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const holder = await reservationHolder(this.eventStore, reservation);
      if (!holder) throw error;
      adminId = holder.ownerId;
    }
    const passwordHash = await this.hasher.hash(wanted.password);
    const existed = (await loadAdmin(this.eventStore, adminId)).status !== 'none';
    let decided: Awaited<ReturnType<typeof runDecider>>;
    try {
      decided = await runDecider(
        this.eventStore,
        adminDecider,
        accountStreams.admin(adminId),
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
    await this.revocations.record(decided.events);
    const restored = await this.roster.decide(
      { type: 'RestoreAdminOnRoster', data: { adminId } },
      metadata,
    );
    await this.progress.waitFor(restored.position ?? decided.position);
    this.logger.log(
      existed
        ? `No active admin was left: restored the configured admin, ${wanted.username}`
        : `Created the first admin, ${wanted.username}`,
    );
  }
}
