import { randomUUID } from 'node:crypto';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { communityServices, rated } from '../testing/community-use-cases';
import { GetUserRatingHandler } from './get-user-rating.handler';
import { GetUserRatingQuery } from './get-user-rating.query';

describe('a member’s own rating of a post', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();

  const ratingOf = useCase((world) => {
    const { writes, reads } = communityServices(world);
    return new GetUserRatingHandler(writes, reads);
  })
    .given(`post-${postId}`, postPublished(postId, author))
    .given(`vote-${postId}-${member}`, rated(postId, member, author, 9));
  const by = (userId: string, onPost = postId) => new GetUserRatingQuery(onPost, userId);

  it('answers the score the member gave, and null for someone who gave none', async () => {
    await ratingOf.when(by(member)).thenAnswers({ score: 9, countsFrom: null });
    await ratingOf.when(by(author)).thenAnswers(null);
  });

  it('given a young account’s rating that waits, when read, then it says when it counts; once counted, it no longer does', async () => {
    const young = randomUUID();
    const countsFrom = '2026-11-28T21:14:00.000Z';
    const vote = rated(postId, young, author, 6).data;
    const waiting = ratingOf.given(`vote-${postId}-${young}`, {
      type: 'Rated',
      data: { ...vote, heldOut: ['young-account'], countsFrom },
    });
    await waiting.when(by(young)).thenAnswers({ score: 6, countsFrom });
    await waiting
      .given(`vote-${postId}-${young}`, {
        type: 'RatingCounted',
        data: { ...vote, reason: 'account-day-old' },
      })
      .when(by(young))
      .thenAnswers({ score: 6, countsFrom: null });
  });

  it('refuses a post that is not there', () =>
    ratingOf.when(by(member, randomUUID())).thenThrows(NotFoundError, POST_NOT_FOUND));
});
