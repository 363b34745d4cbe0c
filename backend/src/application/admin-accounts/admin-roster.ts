import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_ROSTER_STREAM,
  type AdminRosterCommand,
  type AdminRosterEvent,
  type AdminRosterState,
  adminRosterDecider,
  type RosterEntry,
} from '../../domain/admin/admin-roster.decider';
import { adminDecider, type AdminState } from '../../domain/admin/admin.decider';
import type { CommandMetadata } from '../../domain/shared/event';
import { ADMINS, type AdminDocument } from '../../projections/admins/admins.projection';
import { accountStreams } from '../accounts/account-secrets';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { type Decided, loadState, runDecider } from '../shared/decider-runner';

export function loadAdmin(eventStore: EventStore, adminId: string): Promise<AdminState> {
  return loadState(eventStore, adminDecider, accountStreams.admin(adminId)).then((l) => l.state);
}

/**
 * The shell of the admin roster (`admins-roster`, see `admin-roster.decider.ts`): seeds it from
 * the admins' own streams when a store from before it has none, enrols an admin it does not know
 * yet, and decides on it with optimistic concurrency.
 */
@Injectable()
export class AdminRoster {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /** The roster, seeded first when it does not exist yet. */
  async load(metadata: CommandMetadata): Promise<AdminRosterState> {
    const { state } = await loadState(this.eventStore, adminRosterDecider, ADMIN_ROSTER_STREAM);
    if (state.status === 'seeded') return state;
    await this.seed(metadata);
    return (await loadState(this.eventStore, adminRosterDecider, ADMIN_ROSTER_STREAM)).state;
  }

  /**
   * At start: the roster, seeded when absent, with every admin the read model lists that it does
   * not know yet (created by an older version beside it, or left by a crash between an admin's
   * creation and its joining) enrolled.
   */
  async reconcile(metadata: CommandMetadata): Promise<AdminRosterState> {
    const roster = await this.load(metadata);
    const listed = await this.readStore.find<AdminDocument>(ADMINS, {});
    const missing = listed.map((admin) => admin._id).filter((id) => !this.knows(roster, id));
    if (missing.length === 0) return roster;
    await this.enrol(roster, missing, metadata);
    return (await loadState(this.eventStore, adminRosterDecider, ADMIN_ROSTER_STREAM)).state;
  }

  /**
   * Decides a roster command; `enrol` names the admins it is about, each joining the roster first
   * (with the status its own stream gives) when the roster does not know it yet.
   */
  async decide(
    command: AdminRosterCommand,
    metadata: CommandMetadata,
    enrol: readonly string[] = [],
  ): Promise<Decided<AdminRosterEvent>> {
    await this.enrol(await this.load(metadata), enrol, metadata);
    return runDecider(this.eventStore, adminRosterDecider, ADMIN_ROSTER_STREAM, command, metadata);
  }

  private knows(roster: AdminRosterState, adminId: string): boolean {
    return roster.status === 'seeded' && Object.hasOwn(roster.admins, adminId);
  }

  private async enrol(
    roster: AdminRosterState,
    adminIds: readonly string[],
    metadata: CommandMetadata,
  ): Promise<void> {
    for (const adminId of adminIds) {
      if (this.knows(roster, adminId)) continue;
      const entry = await this.entryOf(adminId);
      if (!entry) continue;
      await runDecider(
        this.eventStore,
        adminRosterDecider,
        ADMIN_ROSTER_STREAM,
        { type: 'JoinAdminRoster', data: entry },
        metadata,
      );
    }
  }

  /**
   * Every admin the read model lists (at start it has caught up with the log), with its status
   * folded from its own stream, not taken from the read model. Several instances seeding at once
   * are fine: the first append wins and the others find the roster seeded.
   */
  private async seed(metadata: CommandMetadata): Promise<void> {
    const listed = await this.readStore.find<AdminDocument>(ADMINS, {});
    const entries = await Promise.all(listed.map((admin) => this.entryOf(admin._id)));
    await runDecider(
      this.eventStore,
      adminRosterDecider,
      ADMIN_ROSTER_STREAM,
      {
        type: 'SeedAdminRoster',
        data: { admins: entries.filter((entry): entry is RosterEntry => entry !== null) },
      },
      metadata,
    );
  }

  private async entryOf(adminId: string): Promise<RosterEntry | null> {
    const state = await loadAdmin(this.eventStore, adminId);
    return state.status === 'none' ? null : { adminId, active: state.status === 'active' };
  }
}
