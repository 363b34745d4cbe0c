import { ALREADY_RATED, OWN_POST_RATING } from '../../domain/post-rating/post-rating.decider';
import { POST_NOT_FOUND } from '../../domain/post/post.decider';
import type { PostPublished } from '../../domain/post/post.events';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/shared/errors';
import { useCase, type UseCaseWorld } from '../shared/testing/use-case-specification';
import { RatePostCommand } from './community.commands';
import { CommunityWrites } from './community-writes';
import { RatePostHandler } from './engagement.handlers';
import { PostReads } from './post-reads';

const POST = '0b7a3a52-3f0c-4c1e-9a43-5f2f1a6b8c01';
const AUTHOR = 'u-author';
const RATER = 'u-rater';

const published: PostPublished = {
  type: 'PostPublished',
  data: {
    postId: POST,
    authorId: AUTHOR,
    image: {
      imageUrl: '/uploads/ab/ab12.webp',
      thumbnailUrl: '/uploads/ab/ab12.thumb.webp',
      imageHash: '0f0f0f0f0f0f0f0f',
      contentHash: 'ab12',
    },
    ai: {
      ratingId: POST,
      overall: 7,
      toeAlignment: 7,
      toeNails: 8,
      footShape: 6,
      aesthetic: 9,
      comment: 'Nicely lit and well framed.',
      rater: 'offline-v1',
    },
  },
};
const rated = (userId: string, score: number) => ({
  type: 'Rated',
  data: { postId: POST, userId, authorId: AUTHOR, score },
});

const writes = ({ eventStore, clock, progress }: UseCaseWorld) =>
  new CommunityWrites(eventStore, clock, progress);
const reads = ({ readStore, clock }: UseCaseWorld) => new PostReads(readStore, clock);

describe('rate a post', () => {
  const ratePost = useCase((world) => new RatePostHandler(writes(world), reads(world)));
  const rate = (score: number, userId = RATER) => new RatePostCommand(userId, POST, score, 'c-1');

  it('records the rating on its own stream', () =>
    ratePost
      .given(`post-${POST}`, published)
      .when(rate(9))
      .then(`vote-${POST}-${RATER}`, [rated(RATER, 9)]));

  it('answers the new mean of the AI score and every community rating, read after the write', () =>
    ratePost
      .given(`post-${POST}`, published)
      .given(`vote-${POST}-u-other`, rated('u-other', 4))
      .when(rate(10))
      .thenAnswers({ averageRating: 7, voteCount: 2 }));

  it('rejects a second rating by the same user', () =>
    ratePost
      .given(`post-${POST}`, published)
      .given(`vote-${POST}-${RATER}`, rated(RATER, 3))
      .when(rate(9))
      .thenThrows(ConflictError, ALREADY_RATED));

  it('rejects a rating of your own post', () =>
    ratePost
      .given(`post-${POST}`, published)
      .when(rate(9, AUTHOR))
      .thenThrows(ForbiddenError, OWN_POST_RATING));

  it('answers 404 for a post that does not exist, appending nothing', async () => {
    const outcome = ratePost.when(rate(9));
    await outcome.thenThrows(NotFoundError, POST_NOT_FOUND);
    expect((await outcome.outcome()).appended).toEqual([]);
  });
});
