import { ConflictError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { USERS } from '../../../projections/users/users.projection';
import { accountStreams } from '../../accounts/account-secrets';
import {
  ADMIN,
  adminWorld,
  type AdminWorld,
  id,
  sessionTokenHashOf,
  NOW,
} from '../testing/admin-world';
import { SuspendUserCommand } from './suspend-user.command';
import { SuspendUserHandler } from './suspend-user.handler';

describe('suspending an account', () => {
  let world: AdminWorld;
  let handler: SuspendUserHandler;
  const user = id(2);

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new SuspendUserHandler(world.writes);
    await world.registeredUser(user);
    await world.documents(USERS, { _id: user });
  });

  it('suspends it and refuses its sessions at once', async () => {
    expect(await world.revocations.isEnded(sessionTokenHashOf(user))).toBe(false);
    await handler.execute(new SuspendUserCommand(ADMIN, user, 'Spam'));
    const types = (await world.stream(accountStreams.user(user))).map((event) => event.type);
    expect(types).toContain('UserSuspended');
    expect(await world.revocations.isEnded(sessionTokenHashOf(user))).toBe(true);
  });

  it('refuses an account already suspended', async () => {
    await handler.execute(new SuspendUserCommand(ADMIN, user, 'Spam'));
    await expect(handler.execute(new SuspendUserCommand(ADMIN, user, 'Again'))).rejects.toThrow(
      ConflictError,
    );
  });
});
