import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { ADMINS } from '../../../projections/admins/admins.projection';
import { adminWorld, id, NOW } from '../../moderation/testing/admin-world';
import { ListAdminsHandler } from './list-admins.handler';
import { ListAdminsQuery } from './list-admins.query';

describe('listing admins', () => {
  it('lists them oldest first, a page at a time', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(
      ADMINS,
      { _id: id(2), username: 'second', createdAt: '2026-11-21T00:00:00.000Z' },
      { _id: id(1), username: 'first', createdAt: '2026-11-20T00:00:00.000Z' },
    );
    const page = await new ListAdminsHandler(world.reads).execute(
      new ListAdminsQuery({ page: 1, pageSize: 1 }),
    );
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.items.map((admin) => admin.username)).toEqual(['first']);
  });
});
