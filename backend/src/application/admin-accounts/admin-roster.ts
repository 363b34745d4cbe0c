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
import { ADMINS, type AdminDocument } from '../../projections/admins/admins.projection';
import { accountStreams } from '../accounts/account-secrets';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import type { By } from '../shared/command-metadata';
import type { Decided, WithoutMetadata } from '../shared/decider-runner';
import { StreamWrites } from '../shared/stream-writes';

export async function loadAdmin(writes: StreamWrites, adminId: string): Promise<AdminState> {
  return (await writes.load(adminDecider, accountStreams.admin(adminId))).state;
}

/**
 * The shell of the admin roster (`admins-roster`, see `admin-roster.decider.ts`): seeds it from
 * the admins' own streams when a store from before it has none, enrols an admin it does not know
 * yet, and decides on it with optimistic concurrency.
 */
@Injectable()
export class AdminRoster {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /** The roster, seeded first when it does not exist yet. */
  async load(decidedBy: By): Promise<AdminRosterState> {
    const state = await this.current();
    if (state.status === 'seeded') return state;
    await this.seed(decidedBy);
    return this.current();
  }

  private async current(): Promise<AdminRosterState> {
    return (await this.writes.load(adminRosterDecider, ADMIN_ROSTER_STREAM)).state;
  }

  private onRoster(command: WithoutMetadata<AdminRosterCommand>, decidedBy: By) {
    return this.writes.decide(ADMIN_ROSTER_STREAM, adminRosterDecider, command, decidedBy);
  }

  /**
   * At start: the roster, seeded when absent, with every admin the read model lists that it does
   * not know yet (created by an older version beside it, or left by a crash between an admin's
   * creation and its joining) enrolled.
   */
  async reconcile(decidedBy: By): Promise<AdminRosterState> {
    const roster = await this.load(decidedBy);
    const listed = await this.readStore.find<AdminDocument>(ADMINS, {});
    const missing = listed.map((admin) => admin._id).filter((id) => !this.knows(roster, id));
    if (missing.length === 0) return roster;
    await this.enrol(roster, missing, decidedBy);
    return this.current();
  }

  /**
   * Decides a roster command; `enrol` names the admins it is about, each joining the roster first
   * (with the status its own stream gives) when the roster does not know it yet.
   */
  async decideOnRoster(
    command: AdminRosterCommand,
    decidedBy: By,
    enrol: readonly string[] = [],
  ): Promise<Decided<AdminRosterEvent>> {
    await this.enrol(await this.load(decidedBy), enrol, decidedBy);
    return this.onRoster(command, decidedBy);
  }

  private knows(roster: AdminRosterState, adminId: string): boolean {
    return roster.status === 'seeded' && Object.hasOwn(roster.admins, adminId);
  }

  private async enrol(
    roster: AdminRosterState,
    adminIds: readonly string[],
    decidedBy: By,
  ): Promise<void> {
    for (const adminId of adminIds) {
      if (this.knows(roster, adminId)) continue;
      const entry = await this.entryOf(adminId);
      if (!entry) continue;
      await this.onRoster({ type: 'JoinAdminRoster', data: entry }, decidedBy);
    }
  }

  /**
   * Every admin the read model lists (at start it has caught up with the log), with its status
   * folded from its own stream, not taken from the read model. Several instances seeding at once
   * are fine: the first append wins and the others find the roster seeded.
   */
  private async seed(decidedBy: By): Promise<void> {
    const listed = await this.readStore.find<AdminDocument>(ADMINS, {});
    const entries = await Promise.all(listed.map((admin) => this.entryOf(admin._id)));
    const admins = entries.filter((entry): entry is RosterEntry => entry !== null);
    await this.onRoster({ type: 'SeedAdminRoster', data: { admins } }, decidedBy);
  }

  private async entryOf(adminId: string): Promise<RosterEntry | null> {
    const state = await loadAdmin(this.writes, adminId);
    return state.status === 'none' ? null : { adminId, active: state.status === 'active' };
  }
}
