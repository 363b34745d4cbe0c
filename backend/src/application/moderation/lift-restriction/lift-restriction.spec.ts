import { ConflictError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { USERS } from '../../../projections/users/users.projection';
import { accountStreams } from '../../accounts/account-secrets';
import { SuspendUserHandler } from '../suspend-user/suspend-user.handler';
import { SuspendUserCommand } from '../suspend-user/suspend-user.command';
import { ADMIN, adminWorld, type AdminWorld, id, NOW } from '../testing/admin-world';
import { LiftRestrictionCommand } from './lift-restriction.command';
import { LiftRestrictionHandler } from './lift-restriction.handler';

describe('lifting a suspension or a ban', () => {
  let world: AdminWorld;
  let handler: LiftRestrictionHandler;
  const user = id(2);

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new LiftRestrictionHandler(world.writes);
    await world.registeredUser(user);
    await world.documents(USERS, { _id: user });
  });

  it('lifts a suspension', async () => {
    await new SuspendUserHandler(world.writes).execute(new SuspendUserCommand(ADMIN, user, 'Spam'));
    await handler.execute(new LiftRestrictionCommand(ADMIN, user, null));
    const [last] = (await world.stream(accountStreams.user(user))).slice(-1);
    expect(last.type).toBe('UserRestrictionLifted');
  });

  it('refuses an account neither suspended nor banned', async () => {
    await expect(handler.execute(new LiftRestrictionCommand(ADMIN, user, null))).rejects.toThrow(
      ConflictError,
    );
  });
});
