import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { USERS } from '../../../projections/users/users.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { ListUsersHandler } from './list-users.handler';
import { ListUsersQuery } from './list-users.query';

describe('listing accounts', () => {
  it('searches email and both names, and keeps the admins with "admins"', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(
      USERS,
      {
        _id: id(1),
        email: 'ada@example.com',
        anonymousUsername: 'QuietHeron1234',
        isAdmin: true,
        createdAt: '2026-11-20T00:00:00.000Z',
      },
      {
        _id: id(2),
        email: 'bob@example.com',
        displayUsername: 'Ada fan',
        createdAt: '2026-11-21T00:00:00.000Z',
      },
      {
        _id: id(3),
        email: 'cy@example.com',
        anonymousUsername: 'BoldOtter0001',
        createdAt: '2026-11-22T00:00:00.000Z',
      },
    );
    const handler = new ListUsersHandler(world.reads);
    const page = { page: 1, pageSize: 25 };
    const found = await handler.execute(new ListUsersQuery('ADA', 'all', page));
    expect(found.items.map((user) => user._id)).toEqual([id(2), id(1)]);
    const admins = await handler.execute(new ListUsersQuery(undefined, 'admins', page));
    expect(admins.items.map((user) => user._id)).toEqual([id(1)]);
  });
});
