import { randomUUID } from 'node:crypto';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { SetLikeCommand } from './set-like.command';
import { SetLikeHandler } from './set-like.handler';
import { HmacKeyedHasher } from '../../../infrastructure/keyed-hasher/hmac-keyed-hasher';

const hasher = new HmacKeyedHasher('a secret for the vote specs');

describe('set a like', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${postId}`]: [postPublished(postId, author)] });
  });

  const setLike = (liked: boolean, targetId = postId) =>
    new SetLikeHandler(world.writes, world.reads, hasher).execute(
      new SetLikeCommand(member, 'post', targetId, liked, 'c-1'),
    );

  it('records a like of a post once, and answers the count that includes it', async () => {
    expect(await setLike(true)).toEqual({ liked: true, likesCount: 1 });
    expect(await setLike(true)).toEqual({ liked: true, likesCount: 1 });
    const like = { target: 'post', targetId: postId, postId, userId: member };
    expect(await world.then(`like-post-${postId}-${member}`)).toEqual([
      { type: 'Liked', data: like },
    ]);
    expect(await setLike(false)).toEqual({ liked: false, likesCount: 0 });
  });

  it('refuses a like of a post nobody can see, recording nothing', async () => {
    const unknown = randomUUID();
    await expect(setLike(true, unknown)).rejects.toThrow(new NotFoundError(POST_NOT_FOUND));
    expect(await world.then(`like-post-${unknown}-${member}`)).toEqual([]);
  });
});
