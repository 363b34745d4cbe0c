import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { COMMENTS } from '../../../projections/comments/comments.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { ListAdminCommentsHandler } from './list-admin-comments.handler';
import { ListAdminCommentsQuery } from './list-admin-comments.query';

describe('searching comments', () => {
  it('matches the text case-insensitively, taking the search literally', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(
      COMMENTS,
      {
        _id: id(1),
        authorId: id(2),
        text: 'Price (USD) is fine',
        createdAt: '2026-11-20T00:00:00.000Z',
      },
      { _id: id(3), authorId: id(2), text: 'price usd', createdAt: '2026-11-21T00:00:00.000Z' },
    );
    const handler = new ListAdminCommentsHandler(world.adminReads);
    const page = await handler.execute(
      new ListAdminCommentsQuery('price (usd', undefined, undefined, { page: 1, pageSize: 25 }),
    );
    expect(page.items.map((row) => row.comment._id)).toEqual([id(1)]);
  });
});
