import { randomUUID } from 'node:crypto';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { GetPostHandler } from './get-post.handler';
import { GetPostQuery } from './get-post.query';

describe('a post’s page', () => {
  const author = randomUUID();
  const member = randomUUID();
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
  });

  const post = (viewerId: string | null) =>
    new GetPostHandler(world.reads, world.readStore).execute(new GetPostQuery(postId, viewerId));

  it('shows a hidden post to its author', async () => {
    expect((await post(author)).post).toMatchObject({ _id: postId, authorId: author });
  });

  it('answers 404 for a hidden post to anyone else', async () => {
    await expect(post(member)).rejects.toThrow(new NotFoundError(POST_NOT_FOUND));
    await expect(post(null)).rejects.toThrow(new NotFoundError(POST_NOT_FOUND));
  });
});
