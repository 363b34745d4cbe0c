import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { ADMINS } from '../../../projections/admins/admins.projection';
import { PAYMENTS } from '../../../projections/payments/payments.projection';
import { USERS } from '../../../projections/users/users.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { ListPaymentsHandler } from './list-payments.handler';
import { ListPaymentsQuery } from './list-payments.query';

describe('listing payments', () => {
  it('filters by kind and names the buyer and the admin who resolved a dispute', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(USERS, { _id: id(2), displayUsername: 'Ada', email: 'ada@example.com' });
    await world.documents(ADMINS, { _id: id(900), username: 'root' });
    await world.documents(
      PAYMENTS,
      {
        _id: 'dispute-dp_1',
        kind: 'dispute',
        userId: id(2),
        resolvedBy: id(900),
        at: '2026-11-22T00:00:00.000Z',
      },
      {
        _id: 'purchase-1',
        kind: 'purchase',
        userId: id(2),
        resolvedBy: null,
        at: '2026-11-21T00:00:00.000Z',
      },
    );
    const page = await new ListPaymentsHandler(world.adminReads).execute(
      new ListPaymentsQuery({ kind: 'dispute', page: 1, pageSize: 25 }),
    );
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      user: { id: id(2), name: 'Ada', email: 'ada@example.com' },
      resolvedBy: 'root',
    });
  });
});
