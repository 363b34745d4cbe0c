import { randomUUID } from 'node:crypto';
import { OWN_POST_RATING } from '../../../domain/post-rating/post-rating.decider';
import { ForbiddenError } from '../../../domain/shared/errors';
import { HmacKeyedHasher } from '../../../infrastructure/keyed-hasher/hmac-keyed-hasher';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { communityServices } from '../testing/community-use-cases';
import { RatePostCommand } from './rate-post.command';
import { RatePostHandler } from './rate-post.handler';

const hasher = new HmacKeyedHasher('a secret for the vote specs');

describe('rate a post', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();

  const ratePost = useCase((world) => {
    const { writes, reads, bannedAuthors } = communityServices(world);
    return new RatePostHandler(writes, reads, { voteWaitHours: 24 }, hasher, bannedAuthors);
  }).given(`post-${postId}`, postPublished(postId, author));
  const rate = (userId: string, score: number) => new RatePostCommand(userId, postId, score, 'c-1');

  it('records the rating and answers the mean with the AI’s score', async () => {
    const rating = ratePost.when(rate(member, 9));
    await rating.thenAnswers({
      averageRating: 8,
      voteCount: 1,
      counted: true,
      countsFrom: null,
      message: null,
    });
    await rating.then(`vote-${postId}-${member}`, [
      { type: 'Rated', data: expect.objectContaining({ postId, userId: member, score: 9 }) },
    ]);
  });

  it('refuses the author’s own rating, recording nothing', async () => {
    const refused = ratePost.when(rate(author, 9));
    await refused.thenThrows(ForbiddenError, OWN_POST_RATING);
    expect((await refused.outcome()).appended).toEqual([]);
  });
});
