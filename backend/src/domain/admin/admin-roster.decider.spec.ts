import { ConflictError, ForbiddenError, IllegalStateError, NotFoundError } from '../shared/errors';
import { deciderSpecification } from '../shared/testing/decider-specification';
import {
  ACTING_ADMIN_DISABLED,
  activeAdminIds,
  type AdminRosterCommand,
  type AdminRosterEvent,
  adminRosterDecider,
  ROSTER_NOT_SEEDED,
} from './admin-roster.decider';
import { ADMIN_ALREADY_DISABLED, CANNOT_DISABLE_SELF, LAST_ADMIN } from './admin.decider';

const spec = deciderSpecification(adminRosterDecider);
const seeded = (...admins: [string, boolean][]): AdminRosterEvent => ({
  type: 'AdminRosterSeeded',
  data: { admins: admins.map(([adminId, active]) => ({ adminId, active })) },
});
const joined = (adminId: string, active = true): AdminRosterEvent => ({
  type: 'AdminJoinedRoster',
  data: { adminId, active },
});
const disable = (adminId: string, actingAdminId: string): AdminRosterCommand => ({
  type: 'DisableAdminOnRoster',
  data: { adminId, actingAdminId },
});
const disabled = (adminId: string, actingAdminId: string): AdminRosterEvent => ({
  type: 'AdminRosterDisabled',
  data: { adminId, actingAdminId },
});
const restore = (adminId: string): AdminRosterCommand => ({
  type: 'RestoreAdminOnRoster',
  data: { adminId },
});

describe('admin roster decider', () => {
  describe('seeding from a store that had admins before the roster', () => {
    it('is seeded once, with each admin as its own stream says', () => {
      spec
        .given()
        .when({
          type: 'SeedAdminRoster',
          data: {
            admins: [
              { adminId: 'a-1', active: true },
              { adminId: 'a-2', active: false },
              { adminId: 'a-1', active: true },
            ],
          },
        })
        .then([seeded(['a-1', true], ['a-2', false])]);
      spec
        .given(seeded(['a-1', true]))
        .when({ type: 'SeedAdminRoster', data: { admins: [] } })
        .thenNothing();
    });

    it('decides nothing before it is seeded, so no admin of the store is left out', () => {
      spec.given().when(disable('a-1', 'a-2')).thenThrows(IllegalStateError, ROSTER_NOT_SEEDED);
      spec
        .given()
        .when({ type: 'JoinAdminRoster', data: { adminId: 'a-1', active: true } })
        .thenThrows(IllegalStateError);
      spec.given().when(restore('a-1')).thenThrows(IllegalStateError);
    });
  });

  it('lets a new admin join once', () => {
    const join: AdminRosterCommand = {
      type: 'JoinAdminRoster',
      data: { adminId: 'a-2', active: true },
    };
    spec
      .given(seeded(['a-1', true]))
      .when(join)
      .then([joined('a-2')]);
    spec
      .given(seeded(['a-1', true]), joined('a-2'))
      .when(join)
      .thenNothing();
  });

  describe('disabling', () => {
    it('disables another active admin while another stays active', () => {
      spec
        .given(seeded(['a-1', true]), joined('a-2'))
        .when(disable('a-2', 'a-1'))
        .then([disabled('a-2', 'a-1')]);
    });

    it('never disables the last active admin', () => {
      // Two admins disabling each other: whichever is decided second finds itself the last.
      const history = [seeded(['a-1', true]), joined('a-2'), disabled('a-2', 'a-1')];
      spec
        .given(...history)
        .when(disable('a-1', 'a-2'))
        .thenThrows(ConflictError, LAST_ADMIN);
      // The last one is refused as the last, whoever asks, itself included.
      spec
        .given(...history)
        .when(disable('a-1', 'a-1'))
        .thenThrows(ConflictError, LAST_ADMIN);
      expect(activeAdminIds(spec.given(...history).state())).toEqual(['a-1']);
    });

    it('refuses an admin disabled a moment ago, even when others are active', () => {
      spec
        .given(seeded(['a-1', true], ['a-2', true], ['a-3', true]), disabled('a-2', 'a-1'))
        .when(disable('a-1', 'a-2'))
        .thenThrows(ForbiddenError, ACTING_ADMIN_DISABLED);
    });

    it('never disables oneself, an unknown admin, or one already disabled', () => {
      spec
        .given(seeded(['a-1', true], ['a-2', true]))
        .when(disable('a-1', 'a-1'))
        .thenThrows(ForbiddenError, CANNOT_DISABLE_SELF);
      spec
        .given(seeded(['a-1', true], ['a-2', true]))
        .when(disable('a-9', 'a-1'))
        .thenThrows(NotFoundError);
      spec
        .given(seeded(['a-1', true], ['a-2', false]))
        .when(disable('a-2', 'a-1'))
        .thenThrows(ConflictError, ADMIN_ALREADY_DISABLED);
    });
  });

  describe('restoring (break-glass)', () => {
    it('makes a disabled admin active again, once', () => {
      spec
        .given(seeded(['a-1', false]))
        .when(restore('a-1'))
        .then([{ type: 'AdminRosterRestored', data: { adminId: 'a-1' } }]);
      spec
        .given(seeded(['a-1', true]))
        .when(restore('a-1'))
        .thenNothing();
    });

    it('lets an admin it does not know join as active (the first admin, or one re-created)', () => {
      spec
        .given(seeded())
        .when(restore('a-1'))
        .then([joined('a-1')]);
    });
  });
});
