import { USER_NOT_FOUND } from '../../../domain/user/user.decider';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { USERS } from '../../../projections/users/users.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { GetAdminUserHandler } from './get-admin-user.handler';
import { GetAdminUserQuery } from './get-admin-user.query';

describe('one account for the back office', () => {
  it('answers the account, and 404 for none', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(USERS, { _id: id(1), status: 'suspended' });
    const handler = new GetAdminUserHandler(world.reads);
    expect(await handler.execute(new GetAdminUserQuery(id(1)))).toMatchObject({
      status: 'suspended',
    });
    await expect(handler.execute(new GetAdminUserQuery(id(2)))).rejects.toThrow(USER_NOT_FOUND);
  });
});
