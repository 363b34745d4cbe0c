import { postStreamId } from '../../../domain/post/post.decider';
import { ConflictError, NotFoundError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { POSTS } from '../../../projections/posts/posts.projection';
import { ADMIN, adminWorld, type AdminWorld, id, NOW } from '../testing/admin-world';
import { ApprovePostCommand } from './approve-post.command';
import { ApprovePostHandler } from './approve-post.handler';

describe('approving a post', () => {
  let world: AdminWorld;
  let handler: ApprovePostHandler;
  const post = id(1);

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new ApprovePostHandler(world.writes);
    await world.publishedPost(post, id(2));
    await world.documents(POSTS, { _id: post, removed: false });
  });

  it('records the approval on the post’s stream, with the admin as its actor', async () => {
    await handler.execute(new ApprovePostCommand(ADMIN, post));
    const [event] = (await world.events.readStream(postStreamId(post))).slice(-1);
    expect(event.type).toBe('PostApproved');
    expect(event.metadata.actor).toEqual({ type: 'admin', id: ADMIN.adminId });
  });

  it('refuses a second approval, and a post the read model does not know', async () => {
    await handler.execute(new ApprovePostCommand(ADMIN, post));
    await expect(handler.execute(new ApprovePostCommand(ADMIN, post))).rejects.toThrow(
      ConflictError,
    );
    await expect(handler.execute(new ApprovePostCommand(ADMIN, id(3)))).rejects.toThrow(
      NotFoundError,
    );
  });
});
