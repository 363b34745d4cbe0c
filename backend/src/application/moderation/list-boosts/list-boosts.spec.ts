import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { BOOSTS } from '../../../projections/boosts/boosts.projection';
import { USERS } from '../../../projections/users/users.projection';
import { adminWorld, type AdminWorld, id, NOW } from '../testing/admin-world';
import { ListBoostsHandler } from './list-boosts.handler';
import { ListBoostsQuery } from './list-boosts.query';

describe('listing boosts', () => {
  let world: AdminWorld;
  let handler: ListBoostsHandler;
  const page = { page: 1, pageSize: 25 };

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new ListBoostsHandler(world.adminReads);
    await world.documents(USERS, { _id: id(2), anonymousUsername: 'QuietHeron1234', email: null });
    await world.documents(
      BOOSTS,
      {
        _id: id(6),
        userId: id(2),
        status: 'active',
        createdAt: '2026-11-20T00:00:00.000Z',
        expiresAt: '2026-11-24T00:00:00.000Z',
      },
      {
        _id: id(7),
        userId: id(2),
        status: 'active',
        createdAt: '2026-11-21T00:00:00.000Z',
        expiresAt: '2026-11-23T09:00:00.000Z',
      },
    );
  });

  it('reads an active boost whose time ran out as expired, with its buyer', async () => {
    const all = await handler.execute(new ListBoostsQuery('all', undefined, undefined, page));
    expect(all.items.map((row) => [row.boost._id, row.state])).toEqual([
      [id(7), 'expired'],
      [id(6), 'active'],
    ]);
    expect(all.items[0].buyer).toEqual({ id: id(2), name: 'QuietHeron1234', email: null });
  });

  it('filters by the state now, swept or not', async () => {
    const expired = await handler.execute(
      new ListBoostsQuery('expired', undefined, undefined, page),
    );
    expect(expired.items.map((row) => row.boost._id)).toEqual([id(7)]);
    expect(expired.total).toBe(1);
  });
});
