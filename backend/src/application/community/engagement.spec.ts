import { loadConfig } from '../../config/config';
import { COMMENT_NOT_FOUND } from '../../domain/comment/comment.decider';
import type { LikeData } from '../../domain/like/like.decider';
import { ALREADY_RATED, OWN_POST_RATING } from '../../domain/post-rating/post-rating.decider';
import { POST_NOT_FOUND } from '../../domain/post/post.decider';
import type { PostPublished } from '../../domain/post/post.events';
import {
  ALREADY_REPORTED,
  OWN_POST_REPORT,
  REPORT_REASON_REQUIRED,
} from '../../domain/report/report.decider';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../domain/shared/errors';
import { useCase, type UseCaseWorld } from '../../../test/support/use-case-specification';
import { AutoHide, SYSTEM_ACTOR } from './auto-hide';
import { StreamWrites } from '../shared/stream-writes';
import { GetUserRatingHandler } from './get-user-rating/get-user-rating.handler';
import { GetUserRatingQuery } from './get-user-rating/get-user-rating.query';
import { RatePostCommand } from './rate-post/rate-post.command';
import { RatePostHandler } from './rate-post/rate-post.handler';
import { ReportPostCommand } from './report-post/report-post.command';
import { GonePost } from './gone-post';
import { ReportPostHandler } from './report-post/report-post.handler';
import { SetLikeCommand } from './set-like/set-like.command';
import { SetLikeHandler } from './set-like/set-like.handler';
import { PostReads } from './post-reads';
import { BannedAuthors } from './banned-authors';
import { HmacKeyedHasher } from '../../infrastructure/keyed-hasher/hmac-keyed-hasher';

const hasher = new HmacKeyedHasher('a secret for the engagement specs');

const POST = '0b7a3a52-3f0c-4c1e-9a43-5f2f1a6b8c01';
const COMMENT = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
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

const reads = ({ readStore, clock }: UseCaseWorld) => new PostReads(readStore, clock);
const writes = (world: UseCaseWorld) =>
  new StreamWrites(world.eventStore, world.clock, world.progress);
const bannedAuthors = (world: UseCaseWorld) => new BannedAuthors(writes(world), world.readStore);

describe('rate a post', () => {
  const ratePost = useCase(
    (world) =>
      new RatePostHandler(
        writes(world),
        reads(world),
        { voteWaitHours: 24 },
        hasher,
        bannedAuthors(world),
      ),
  );
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
      .thenAnswers({
        averageRating: 7,
        voteCount: 2,
        counted: true,
        countsFrom: null,
        message: null,
      }));

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

  it('reads the score a user gave from the rating’s own stream, or null', async () => {
    const scoreGiven = useCase(
      (world) => new GetUserRatingHandler(writes(world), reads(world)),
    ).given(`post-${POST}`, published);
    await scoreGiven
      .given(`vote-${POST}-${RATER}`, rated(RATER, 6))
      .when(new GetUserRatingQuery(POST, RATER))
      .thenAnswers({ score: 6, countsFrom: null });
    await scoreGiven
      .given(`vote-${POST}-u-other`, rated('u-other', 6))
      .when(new GetUserRatingQuery(POST, RATER))
      .thenAnswers(null);
  });

  it('answers 404 for a post that does not exist, appending nothing', async () => {
    const outcome = ratePost.when(rate(9));
    await outcome.thenThrows(NotFoundError, POST_NOT_FOUND);
    expect((await outcome.outcome()).appended).toEqual([]);
  });
});

describe('like a post or a comment', () => {
  const setLike = useCase(
    (world) => new SetLikeHandler(writes(world), reads(world), hasher, bannedAuthors(world)),
  );
  const like = (liked: boolean, target: 'post' | 'comment' = 'post') =>
    new SetLikeCommand(RATER, target, target === 'post' ? POST : COMMENT, liked, 'c-1');
  const postLike: LikeData = { target: 'post', targetId: POST, postId: POST, userId: RATER };
  const postLikes = `like-post-${POST}-${RATER}`;

  it('records the like on its own stream and answers the new count', async () => {
    const liked = setLike.given(`post-${POST}`, published).when(like(true));
    await liked.then(postLikes, [{ type: 'Liked', data: postLike }]);
    await liked.thenAnswers({ liked: true, likesCount: 1 });
  });

  it('records nothing for a like that is already there, and still counts it', async () => {
    const again = setLike
      .given(`post-${POST}`, published)
      .given(postLikes, { type: 'Liked', data: postLike })
      .when(like(true));
    await again.thenNothing();
    await again.thenAnswers({ liked: true, likesCount: 1 });
  });

  it('records the unlike of a liked post', () =>
    setLike
      .given(`post-${POST}`, published)
      .given(postLikes, { type: 'Liked', data: postLike })
      .when(like(false))
      .then(postLikes, [{ type: 'Unliked', data: postLike }]));

  it('likes a comment on the stream of that comment, naming its post', () =>
    setLike
      .given(`post-${POST}`, published)
      .given(`comment-${COMMENT}`, {
        type: 'CommentPosted',
        data: {
          commentId: COMMENT,
          postId: POST,
          threadId: COMMENT,
          parentCommentId: null,
          userId: AUTHOR,
          text: 'Thanks for looking',
        },
      })
      .when(like(true, 'comment'))
      .then(`like-comment-${COMMENT}-${RATER}`, [
        {
          type: 'Liked',
          data: { target: 'comment', targetId: COMMENT, postId: POST, userId: RATER },
        },
      ]));

  it('answers 404 for a comment that does not exist', () =>
    setLike
      .given(`post-${POST}`, published)
      .when(like(true, 'comment'))
      .thenThrows(NotFoundError, COMMENT_NOT_FOUND));
});

describe('report a post', () => {
  const NOW = '2026-11-18T12:00:00.000Z';
  const reportPost = useCase(
    (world) => {
      const config = loadConfig({ REPORT_AUTO_HIDE: '2', REPORT_MIN_ACCOUNT_AGE_HOURS: '72' });
      return new ReportPostHandler(
        writes(world),
        reads(world),
        new AutoHide(writes(world), world.readStore, config),
        new GonePost(writes(world), world.readStore),
      );
    },
    { now: NOW },
  );
  const report = (userId = RATER, reason = 'Not a photo of feet') =>
    new ReportPostCommand(userId, POST, null, reason, 'c-1');
  const reported = (userId: string, reportId: unknown = 'r-1') => ({
    type: 'PostReported',
    data: {
      ...{ reportId, postId: POST, userId, authorId: AUTHOR },
      ...{ category: 'other', reason: 'Not a photo of feet' },
    },
  });
  /** A verified account registered `daysAgo` days before now. */
  const account = (userId: string, daysAgo: number) => {
    const at = new Date(Date.parse(NOW) - daysAgo * 24 * 60 * 60 * 1000).toISOString();
    return [
      {
        type: 'UserRegistered',
        data: { userId, email: `${userId}@example.com`, anonymousUsername: `Feet${userId}` },
        metadata: { at },
      },
      { type: 'EmailVerified', data: { userId, tokenHash: 'h' }, metadata: { at } },
    ];
  };
  const tallied = (reporterId: string, heldOut: string[] = [], reportId: unknown = 'r-1') => ({
    type: 'PostReportTallied',
    data: { postId: POST, reportId, reporterId, counts: heldOut.length === 0, heldOut },
  });

  it('records the report on the stream of that account and post', () =>
    reportPost
      .given(`post-${POST}`, published)
      .when(report())
      .then(`report-${POST}-${RATER}`, [reported(RATER, expect.any(String))]));

  it('tallies the report on the post and leaves the post up below the threshold', () =>
    reportPost
      .given(`post-${POST}`, published)
      .given(`user-${RATER}`, ...account(RATER, 4))
      .when(report())
      .then(`post-${POST}`, [tallied(RATER, [], expect.any(String))]));

  it('hides the post, as the system, once enough accounts in good standing have reported it', () =>
    reportPost
      .given(`post-${POST}`, published, tallied('u-other'))
      .given(`user-${RATER}`, ...account(RATER, 4))
      .when(report())
      .then(`post-${POST}`, [
        { ...tallied(RATER, [], expect.any(String)), metadata: { actor: SYSTEM_ACTOR } },
        {
          type: 'PostAutoHidden',
          data: {
            ...{ postId: POST, authorId: AUTHOR, reporterCount: 2 },
            reporterIds: ['u-other', RATER],
          },
          metadata: { actor: SYSTEM_ACTOR, correlationId: 'c-1' },
        },
      ]));

  it('does not count the report of an account younger than the configured age', () =>
    reportPost
      .given(`post-${POST}`, published, tallied('u-other'))
      .given(`user-${RATER}`, ...account(RATER, 2))
      .when(report())
      .then(`post-${POST}`, [tallied(RATER, ['young-account'], expect.any(String))]));

  it('rejects a second report while the first is pending', () =>
    reportPost
      .given(`post-${POST}`, published)
      .given(`report-${POST}-${RATER}`, reported(RATER))
      .when(report())
      .thenThrows(ConflictError, ALREADY_REPORTED));

  it('rejects a report of your own post', () =>
    reportPost
      .given(`post-${POST}`, published)
      .when(report(AUTHOR))
      .thenThrows(ForbiddenError, OWN_POST_REPORT));

  it('rejects a report without a reason', () =>
    reportPost
      .given(`post-${POST}`, published)
      .when(report(RATER, '   '))
      .thenThrows(ValidationError, REPORT_REASON_REQUIRED));
});
