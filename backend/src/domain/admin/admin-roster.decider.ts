import { assertNever, type Decider } from '../shared/decider';
import { ConflictError, ForbiddenError, IllegalStateError, NotFoundError } from '../shared/errors';
import type { DomainEvent } from '../shared/event';
import {
  ADMIN_ALREADY_DISABLED,
  ADMIN_NOT_FOUND,
  CANNOT_DISABLE_SELF,
  LAST_ADMIN,
} from './admin.decider';

/**
 * Which admins are active, decided on one stream with optimistic concurrency, so two admins
 * disabling each other at once are decided in turn, and the last active admin is never disabled.
 * Each admin's own stream still holds its password and sessions; the roster's step comes first when
 * an admin leaves the active ones and last when one joins, so whatever happens between the two
 * appends, every admin the roster counts as active is. A store from before the roster is seeded by
 * its first decision from the admins' own streams (`AdminRosterSeeded`); an admin it does not know
 * yet joins with its stream's status.
 */
export const ADMIN_ROSTER_STREAM = 'admins-roster';

export const ACTING_ADMIN_DISABLED = 'Your admin account is disabled';
export const ROSTER_NOT_SEEDED = 'The admin roster has not been seeded yet';

export interface RosterEntry {
  adminId: string;
  active: boolean;
}

/** The roster as it was built from the admins' own streams, the first time it was needed. */
export type AdminRosterSeeded = DomainEvent<'AdminRosterSeeded', { admins: RosterEntry[] }>;
/** An admin the roster did not know: a new one (active), or one enrolled with its status. */
export type AdminJoinedRoster = DomainEvent<'AdminJoinedRoster', RosterEntry>;
export type AdminRosterDisabled = DomainEvent<
  'AdminRosterDisabled',
  { adminId: string; actingAdminId: string }
>;
/** The configured admin made active again because no active admin was left (break-glass). */
export type AdminRosterRestored = DomainEvent<'AdminRosterRestored', { adminId: string }>;
export type AdminRosterEvent =
  AdminRosterSeeded | AdminJoinedRoster | AdminRosterDisabled | AdminRosterRestored;

export type AdminRosterState =
  { status: 'unseeded' } | { status: 'seeded'; admins: Record<string, 'active' | 'disabled'> };

export interface SeedAdminRoster {
  type: 'SeedAdminRoster';
  data: { admins: RosterEntry[] };
}
/** Idempotent: an admin already on the roster stays as it is. */
export interface JoinAdminRoster {
  type: 'JoinAdminRoster';
  data: RosterEntry;
}
export interface DisableAdminOnRoster {
  type: 'DisableAdminOnRoster';
  data: { adminId: string; actingAdminId: string };
}
/** Makes the admin active (joining it when unknown); nothing when it already is. */
export interface RestoreAdminOnRoster {
  type: 'RestoreAdminOnRoster';
  data: { adminId: string };
}
export type AdminRosterCommand =
  SeedAdminRoster | JoinAdminRoster | DisableAdminOnRoster | RestoreAdminOnRoster;

export function activeAdminIds(state: AdminRosterState): string[] {
  if (state.status !== 'seeded') return [];
  return Object.keys(state.admins).filter((adminId) => state.admins[adminId] === 'active');
}

function seeded(state: AdminRosterState): Extract<AdminRosterState, { status: 'seeded' }> {
  if (state.status !== 'seeded') throw new IllegalStateError(ROSTER_NOT_SEEDED);
  return state;
}

export const adminRosterDecider: Decider<AdminRosterCommand, AdminRosterState, AdminRosterEvent> = {
  initialState: { status: 'unseeded' },

  decide(command, state) {
    switch (command.type) {
      case 'SeedAdminRoster': {
        if (state.status === 'seeded') return [];
        const unique = new Map(command.data.admins.map((entry) => [entry.adminId, entry.active]));
        return [
          {
            type: 'AdminRosterSeeded',
            data: { admins: [...unique].map(([adminId, active]) => ({ adminId, active })) },
          },
        ];
      }
      case 'JoinAdminRoster': {
        const roster = seeded(state);
        const { adminId, active } = command.data;
        if (Object.hasOwn(roster.admins, adminId)) return [];
        return [{ type: 'AdminJoinedRoster', data: { adminId, active } }];
      }
      case 'DisableAdminOnRoster': {
        const roster = seeded(state);
        const { adminId, actingAdminId } = command.data;
        if (!Object.hasOwn(roster.admins, adminId)) throw new NotFoundError(ADMIN_NOT_FOUND);
        if (roster.admins[adminId] === 'disabled') throw new ConflictError(ADMIN_ALREADY_DISABLED);
        // The last one is refused as the last, whoever asks.
        if (activeAdminIds(roster).length <= 1) throw new ConflictError(LAST_ADMIN);
        if (actingAdminId === adminId) throw new ForbiddenError(CANNOT_DISABLE_SELF);
        // An admin disabled a moment ago (its request still in flight) acts no more.
        if (roster.admins[actingAdminId] !== 'active') {
          throw new ForbiddenError(ACTING_ADMIN_DISABLED);
        }
        return [{ type: 'AdminRosterDisabled', data: { adminId, actingAdminId } }];
      }
      case 'RestoreAdminOnRoster': {
        const roster = seeded(state);
        const { adminId } = command.data;
        if (!Object.hasOwn(roster.admins, adminId)) {
          return [{ type: 'AdminJoinedRoster', data: { adminId, active: true } }];
        }
        if (roster.admins[adminId] === 'active') return [];
        return [{ type: 'AdminRosterRestored', data: { adminId } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    const admins = state.status === 'seeded' ? state.admins : {};
    switch (event.type) {
      case 'AdminRosterSeeded':
        return {
          status: 'seeded',
          admins: Object.fromEntries(
            event.data.admins.map((entry) => [entry.adminId, entry.active ? 'active' : 'disabled']),
          ),
        };
      case 'AdminJoinedRoster':
        return {
          status: 'seeded',
          admins: { ...admins, [event.data.adminId]: event.data.active ? 'active' : 'disabled' },
        };
      case 'AdminRosterDisabled':
        return { status: 'seeded', admins: { ...admins, [event.data.adminId]: 'disabled' } };
      case 'AdminRosterRestored':
        return { status: 'seeded', admins: { ...admins, [event.data.adminId]: 'active' } };
      default:
        return assertNever(event);
    }
  },
};
