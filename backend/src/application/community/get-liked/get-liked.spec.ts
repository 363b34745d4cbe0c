import { randomUUID } from 'node:crypto';
import { COMMENT_NOT_FOUND } from '../../../domain/comment/comment.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { communityServices, postLiked } from '../testing/community-use-cases';
import { GetLikedHandler } from './get-liked.handler';
import { GetLikedQuery } from './get-liked.query';

describe('whether a member likes a post or comment', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();

  const liked = useCase((world) => new GetLikedHandler(communityServices(world).reads))
    .given(`post-${postId}`, postPublished(postId, author))
    .given(`like-post-${postId}-${member}`, postLiked(postId, member));
  const of = (userId: string, target: 'post' | 'comment' = 'post', targetId = postId) =>
    new GetLikedQuery(target, targetId, userId);

  it('answers from the likes read model, per member', async () => {
    await liked.when(of(member)).thenAnswers(true);
    await liked.when(of(author)).thenAnswers(false);
  });

  it('refuses a comment that is not there', () =>
    liked.when(of(member, 'comment', randomUUID())).thenThrows(NotFoundError, COMMENT_NOT_FOUND));
});
