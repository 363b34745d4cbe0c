import { postStreamId } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { POSTS } from '../../../projections/posts/posts.projection';
import { ADMIN, adminWorld, type AdminWorld, id, NOW } from '../testing/admin-world';
import { SetPostVisibilityCommand } from './set-post-visibility.command';
import { SetPostVisibilityHandler } from './set-post-visibility.handler';

describe('hiding or showing a post', () => {
  let world: AdminWorld;
  let handler: SetPostVisibilityHandler;
  const post = id(1);

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new SetPostVisibilityHandler(world.writes);
    await world.publishedPost(post, id(2));
  });

  it('hides a post with the reason given', async () => {
    await world.documents(POSTS, { _id: post, removed: false });
    await handler.execute(new SetPostVisibilityCommand(ADMIN, post, false, 'Off topic'));
    expect((await world.stream(postStreamId(post))).slice(-1)).toEqual([
      {
        type: 'PostVisibilityChanged',
        data: { postId: post, authorId: id(2), isPublic: false, reason: 'Off topic' },
      },
    ]);
  });

  it('refuses a removed post', async () => {
    await world.documents(POSTS, { _id: post, removed: true });
    await expect(
      handler.execute(new SetPostVisibilityCommand(ADMIN, post, false, null)),
    ).rejects.toThrow(NotFoundError);
  });
});
