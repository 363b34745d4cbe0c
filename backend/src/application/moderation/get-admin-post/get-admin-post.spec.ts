import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { POSTS } from '../../../projections/posts/posts.projection';
import { USERS } from '../../../projections/users/users.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { GetAdminPostHandler } from './get-admin-post.handler';
import { GetAdminPostQuery } from './get-admin-post.query';

describe('one post for the back office', () => {
  it('answers a removed post too, with its author, and 404 for none', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(POSTS, { _id: id(1), authorId: id(2), removed: true });
    await world.documents(USERS, { _id: id(2), anonymousUsername: 'QuietHeron1234' });
    const handler = new GetAdminPostHandler(world.adminReads);
    const row = await handler.execute(new GetAdminPostQuery(id(1)));
    expect(row.post.removed).toBe(true);
    expect(row.author).toEqual({ id: id(2), name: 'QuietHeron1234', email: null });
    await expect(handler.execute(new GetAdminPostQuery(id(3)))).rejects.toThrow(POST_NOT_FOUND);
  });
});
