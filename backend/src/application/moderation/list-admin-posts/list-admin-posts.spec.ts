import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { POSTS } from '../../../projections/posts/posts.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { ListAdminPostsHandler } from './list-admin-posts.handler';
import { ListAdminPostsQuery } from './list-admin-posts.query';

describe('listing posts for review', () => {
  it('lists the pending ones of an author, newest first, with the author (null once erased)', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(
      POSTS,
      { _id: id(1), authorId: id(2), pendingReview: 1, createdAt: '2026-11-20T00:00:00.000Z' },
      { _id: id(3), authorId: id(2), pendingReview: 1, createdAt: '2026-11-21T00:00:00.000Z' },
      { _id: id(4), authorId: id(2), pendingReview: 0, createdAt: '2026-11-22T00:00:00.000Z' },
      { _id: id(5), authorId: id(6), pendingReview: 1, createdAt: '2026-11-22T00:00:00.000Z' },
    );
    const page = await new ListAdminPostsHandler(world.adminReads).execute(
      new ListAdminPostsQuery('pending', id(2), { page: 1, pageSize: 1 }),
    );
    expect(page.total).toBe(2);
    expect(page.items.map((row) => [row.post._id, row.author])).toEqual([[id(3), null]]);
  });
});
