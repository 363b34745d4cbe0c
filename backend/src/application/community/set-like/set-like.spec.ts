import { randomUUID } from 'node:crypto';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { HmacKeyedHasher } from '../../../infrastructure/keyed-hasher/hmac-keyed-hasher';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { communityServices, postLiked } from '../testing/community-use-cases';
import { SetLikeCommand } from './set-like.command';
import { SetLikeHandler } from './set-like.handler';

const hasher = new HmacKeyedHasher('a secret for the vote specs');

describe('set a like', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  const likes = `like-post-${postId}-${member}`;

  const setLike = useCase((world) => {
    const { writes, reads, bannedAuthors } = communityServices(world);
    return new SetLikeHandler(writes, reads, hasher, bannedAuthors);
  }).given(`post-${postId}`, postPublished(postId, author));
  const like = (liked: boolean, targetId = postId) =>
    new SetLikeCommand(member, 'post', targetId, liked, 'c-1');

  it('records a like of a post once, and answers the count that includes it', async () => {
    const first = setLike.when(like(true));
    await first.then(likes, [postLiked(postId, member)]);
    await first.thenAnswers({ liked: true, likesCount: 1 });
    const again = setLike.given(likes, postLiked(postId, member)).when(like(true));
    await again.thenNothing();
    await again.thenAnswers({ liked: true, likesCount: 1 });
    const unlike = setLike.given(likes, postLiked(postId, member)).when(like(false));
    await unlike.then(likes, [{ ...postLiked(postId, member), type: 'Unliked' }]);
    await unlike.thenAnswers({ liked: false, likesCount: 0 });
  });

  it('refuses a like of a post nobody can see, recording nothing', async () => {
    const refused = setLike.when(like(true, randomUUID()));
    await refused.thenThrows(NotFoundError, POST_NOT_FOUND);
    expect((await refused.outcome()).appended).toEqual([]);
  });
});
