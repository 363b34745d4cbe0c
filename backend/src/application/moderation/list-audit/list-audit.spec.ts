import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { ADMINS } from '../../../projections/admins/admins.projection';
import { AUDIT } from '../../../projections/audit/audit.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { ListAuditHandler } from './list-audit.handler';
import { ListAuditQuery } from './list-audit.query';

describe('the audit log', () => {
  it('names admin actors by username, keeps other actors’ ids, and filters by day', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(ADMINS, { _id: id(900), username: 'root' });
    await world.documents(
      AUDIT,
      {
        _id: 'e1',
        at: '2026-11-20T10:00:00.000Z',
        position: 1,
        actorType: 'admin',
        actorId: id(900),
      },
      {
        _id: 'e2',
        at: '2026-11-21T10:00:00.000Z',
        position: 2,
        actorType: 'stripe',
        actorId: 'evt_1',
      },
      {
        _id: 'e3',
        at: '2026-11-22T10:00:00.000Z',
        position: 3,
        actorType: 'admin',
        actorId: id(900),
      },
    );
    const handler = new ListAuditHandler(world.adminReads);
    const page = await handler.execute(
      new ListAuditQuery({ from: '2026-11-20', to: '2026-11-21' }, { page: 1, pageSize: 25 }),
    );
    expect(page.items.map((row) => [row.entry._id, row.actorName])).toEqual([
      ['e2', 'evt_1'],
      ['e1', 'root'],
    ]);
    await expect(
      handler.execute(new ListAuditQuery({ from: '2026-13-01' }, { page: 1, pageSize: 25 })),
    ).rejects.toThrow('from must be a date (YYYY-MM-DD)');
  });
});
