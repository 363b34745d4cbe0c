import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { ADMINS } from '../../../projections/admins/admins.projection';
import { POSTS } from '../../../projections/posts/posts.projection';
import { REPORTS } from '../../../projections/reports/reports.projection';
import { USERS } from '../../../projections/users/users.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { ListReportsHandler } from './list-reports.handler';
import { ListReportsQuery } from './list-reports.query';

describe('listing reports', () => {
  it('answers each report with its post, its people and the reviewing admin’s name', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    const [post, author, reporter] = [id(1), id(2), id(3)];
    await world.documents(POSTS, { _id: post, authorId: author });
    await world.documents(
      USERS,
      { _id: author, displayUsername: 'Author', email: 'a@example.com' },
      { _id: reporter, displayUsername: 'Reporter', email: null },
    );
    await world.documents(ADMINS, { _id: id(900), username: 'root' });
    await world.documents(
      REPORTS,
      {
        _id: id(4),
        postId: post,
        authorId: author,
        reporterId: reporter,
        status: 'reviewed',
        pending: 0,
        reviewedBy: id(900),
        createdAt: '2026-11-20T00:00:00.000Z',
      },
      {
        _id: id(5),
        postId: id(9),
        authorId: id(8),
        reporterId: reporter,
        status: 'pending',
        pending: 1,
        reviewedBy: null,
        createdAt: '2026-11-21T00:00:00.000Z',
      },
    );
    const handler = new ListReportsHandler(world.adminReads);
    const page = await handler.execute(
      new ListReportsQuery('all', undefined, author, { page: 1, pageSize: 25 }),
    );
    expect(page.total).toBe(1);
    const [row] = page.items;
    expect(row.post?.author?.name).toBe('Author');
    expect(row.reporter?.name).toBe('Reporter');
    expect(row.author?.email).toBe('a@example.com');
    expect(row.reviewedBy).toBe('root');
    const pending = await handler.execute(
      new ListReportsQuery('pending', undefined, undefined, { page: 1, pageSize: 25 }),
    );
    // The post is gone from the read model: the report still shows, without it.
    expect(pending.items.map((r) => [r.report._id, r.post])).toEqual([[id(5), null]]);
  });
});
