import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { POSTS } from '../../../projections/posts/posts.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { ListHeldPostsHandler } from './list-held-posts.handler';
import { ListHeldPostsQuery } from './list-held-posts.query';

describe('listing the posts held for review', () => {
  it('lists held posts only, the longest waiting first, paged, with the total', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(
      POSTS,
      { _id: id(1), authorId: id(9), held: 1, createdAt: '2026-11-21T00:00:00.000Z' },
      { _id: id(2), authorId: id(9), held: 1, createdAt: '2026-11-20T00:00:00.000Z' },
      { _id: id(3), authorId: id(9), held: 0, createdAt: '2026-11-19T00:00:00.000Z' },
      { _id: id(4), authorId: id(9), held: 1, createdAt: '2026-11-22T00:00:00.000Z' },
    );
    const handler = new ListHeldPostsHandler(world.adminReads);
    const first = await handler.execute(new ListHeldPostsQuery({ page: 1, pageSize: 2 }));
    expect(first.total).toBe(3);
    expect(first.items.map((row) => row.post._id)).toEqual([id(2), id(1)]);
    const second = await handler.execute(new ListHeldPostsQuery({ page: 2, pageSize: 2 }));
    expect(second.items.map((row) => row.post._id)).toEqual([id(4)]);
  });
});
