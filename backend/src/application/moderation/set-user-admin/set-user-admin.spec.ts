import { USER_NOT_FOUND } from '../../../domain/user/user.decider';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { USERS } from '../../../projections/users/users.projection';
import { accountStreams } from '../../accounts/account-secrets';
import { ADMIN, adminWorld, type AdminWorld, id, NOW } from '../testing/admin-world';
import { SetUserAdminCommand } from './set-user-admin.command';
import { SetUserAdminHandler } from './set-user-admin.handler';

describe('giving or taking the staff flag', () => {
  let world: AdminWorld;
  let handler: SetUserAdminHandler;
  const user = id(2);

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new SetUserAdminHandler(world.writes);
    await world.registeredUser(user);
    await world.documents(USERS, { _id: user });
  });

  it('records the flag on the account’s stream', async () => {
    await handler.execute(new SetUserAdminCommand(ADMIN, user, true));
    const [last] = (await world.stream(accountStreams.user(user))).slice(-1);
    expect(last).toMatchObject({ type: 'UserAdminFlagChanged', data: { isAdmin: true } });
  });

  it('answers 404 for an account the read model does not know', async () => {
    await expect(handler.execute(new SetUserAdminCommand(ADMIN, id(3), true))).rejects.toThrow(
      USER_NOT_FOUND,
    );
  });
});
