import { randomUUID } from 'node:crypto';
import { COMMENT_NOT_FOUND } from '../../../domain/comment/comment.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { GetLikedHandler } from './get-liked.handler';
import { GetLikedQuery } from './get-liked.query';

describe('whether a member likes a post or comment', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${postId}`]: [postPublished(postId, author)] });
    await world.given(member, {
      [`like-post-${postId}-${member}`]: [
        { type: 'Liked', data: { target: 'post', targetId: postId, postId, userId: member } },
      ],
    });
  });

  const liked = (userId: string, target: 'post' | 'comment' = 'post', targetId = postId) =>
    new GetLikedHandler(world.reads).execute(new GetLikedQuery(target, targetId, userId));

  it('answers from the likes read model, per member', async () => {
    expect(await liked(member)).toBe(true);
    expect(await liked(author)).toBe(false);
  });

  it('refuses a comment that is not there', async () => {
    await expect(liked(member, 'comment', randomUUID())).rejects.toThrow(
      new NotFoundError(COMMENT_NOT_FOUND),
    );
  });
});
