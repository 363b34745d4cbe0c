import { randomUUID } from 'node:crypto';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { GetPostsByHandler } from './get-posts-by.handler';
import { GetPostsByQuery } from './get-posts-by.query';

describe('an author’s posts', () => {
  const shown = randomUUID();
  const author = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${postId}`]: [postPublished(postId, author)] });
    // Hidden by its author: shown to the author only.
    await world.given(author, {
      [`post-${postId}`]: [
        {
          type: 'PostVisibilityChanged',
          data: { postId, authorId: author, isPublic: false, reason: null },
        },
      ],
    });
    await world.given(author, { [`post-${shown}`]: [postPublished(shown, author)] });
  });

  const postsBy = (publicOnly: boolean) =>
    new GetPostsByHandler(world.reads).execute(new GetPostsByQuery(author, publicOnly));

  it('lists every post for the author, hidden ones too', async () => {
    expect((await postsBy(false)).map((post) => post._id).sort()).toEqual([postId, shown].sort());
  });

  it('leaves hidden posts out for everyone else', async () => {
    expect((await postsBy(true)).map((post) => post._id)).toEqual([shown]);
  });
});
