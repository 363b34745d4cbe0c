import { postStreamId } from '../../../domain/post/post.decider';
import { ValidationError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { POSTS } from '../../../projections/posts/posts.projection';
import { ADMIN, adminWorld, type AdminWorld, id, NOW } from '../testing/admin-world';
import { RemovedPostReports } from '../../community/removed-post-reports';
import { RemovePostCommand } from './remove-post.command';
import { RemovePostHandler } from './remove-post.handler';

describe('removing a post', () => {
  let world: AdminWorld;
  let handler: RemovePostHandler;
  const post = id(1);

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new RemovePostHandler(
      world.writes,
      new RemovedPostReports(world.streamWrites, world.reads),
    );
    await world.publishedPost(post, id(2));
    await world.documents(POSTS, { _id: post, removed: false });
  });

  it('removes the post for good, with the reason', async () => {
    await handler.execute(new RemovePostCommand(ADMIN, post, 'Not a foot'));
    const [last] = (await world.stream(postStreamId(post))).slice(-1);
    expect(last).toMatchObject({
      type: 'PostRemoved',
      data: { postId: post, reason: 'Not a foot' },
    });
  });

  it('refuses a removal without a reason', async () => {
    await expect(handler.execute(new RemovePostCommand(ADMIN, post, ' '))).rejects.toThrow(
      ValidationError,
    );
  });
});
