import { randomUUID } from 'node:crypto';
import { apiSpec, expectError, expectResponse } from '../support/api-specification';
import { verifiedUser } from '../support/community';
import { directPost, ratedPost } from '../support/community-history';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import type { Schema } from '../support/api-types';

type Summary = Schema<'HomeSummaryResponse'>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

describe('this week at a glance: a score’s standing and the home summary', () => {
  const clock = new TestClock(new Date('2026-11-18T12:00:00Z'));
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(
      { ...ROOMY_WRITE_LIMITS, UPLOAD_LIMIT_PER_HOUR: '100000' },
      undefined,
      {
        clock,
      },
    );
  });
  afterAll(() => app.close());

  const standing = (score: string) => `/api/leaderboard/standing?score=${score}`;
  const EMPTY_WEEK = { top: [], weeklyPostCount: 0, weeklyVoteCount: 0 };

  /**
   * Each test is on a Wednesday of a week of its own, so no other test's posts are in its week,
   * whatever the order the tests run in.
   */
  const onWednesdayOf = (week: string) => clock.set(week);

  /** Posts by a member rated 9, 6 and 4 by another, and one nobody rated: their ids. */
  async function ratedWeek() {
    const [author, voter] = [await verifiedUser(app), await verifiedUser(app)];
    const posts = {
      nine: randomUUID(),
      six: randomUUID(),
      four: randomUUID(),
      unrated: randomUUID(),
    };
    const history = [
      ...Object.values(posts).map((postId) => directPost(postId, author.user.id)),
      ratedPost(posts.nine, voter.user.id, author.user.id, 9),
      ratedPost(posts.six, voter.user.id, author.user.id, 6),
      ratedPost(posts.four, voter.user.id, author.user.id, 4),
    ];
    return { posts, history };
  }

  it('given an empty week, when asked, then a score would be first and nobody is below it', async () => {
    onWednesdayOf('2027-01-13T12:00:00Z');

    await apiSpec(app)
      .when((request) => request.get(standing('7.7')))
      .then([
        expectResponse(200, {
          body: { betterThanPercent: null, weeklyRankIfPosted: 1, weeklyPostCount: 0 },
        }),
      ]);
    await apiSpec(app)
      .when((request) => request.get('/api/home/summary'))
      .then([expectResponse(200, { body: EMPTY_WEEK })]);
  });

  it('given posts rated 9, 6 and 4 and one unrated, when a score is placed, then it counts the rated posts in the weekly board’s order', async () => {
    onWednesdayOf('2027-01-27T12:00:00Z');
    const { history } = await ratedWeek();

    await apiSpec(app)
      .given(...history)
      .when((request) => request.get(standing('7.7')))
      .then([
        expectResponse(200, {
          body: { betterThanPercent: 66, weeklyRankIfPosted: 2, weeklyPostCount: 3 },
        }),
      ]);
    // A tie goes after the post already there: it has votes and came first.
    for (const [score, betterThanPercent, weeklyRankIfPosted] of [
      ['9', 66, 2],
      ['10.0', 100, 1],
      ['3.5', 0, 4],
    ] as const) {
      await apiSpec(app)
        .when((request) => request.get(standing(score)))
        .then([
          expectResponse(200, {
            body: expect.objectContaining({ betterThanPercent, weeklyRankIfPosted }),
          }),
        ]);
    }
  });

  it('given posts rated 9, 6 and 4 and one unrated, when the home page asks, then it answers the top three with the week’s posts and votes', async () => {
    onWednesdayOf('2027-02-10T12:00:00Z');
    const { posts, history } = await ratedWeek();

    const { body } = await apiSpec(app)
      .given(...history)
      .when((request) => request.get('/api/home/summary'))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ weeklyPostCount: 4, weeklyVoteCount: 3 }),
        }),
      ]);

    expect((body as Summary).top.map((item) => [item.id, item.averageRating, item.rank])).toEqual([
      [posts.nine, '9.0', 1],
      [posts.six, '6.0', 2],
      [posts.four, '4.0', 3],
    ]);
  });

  it('given a week of rated posts, when asked on the next Monday, then last week no longer counts', async () => {
    onWednesdayOf('2027-02-24T12:00:00Z');
    const { history } = await ratedWeek();
    await apiSpec(app)
      .given(...history)
      .when((request) => request.get('/api/home/summary'))
      .then([expectResponse(200, { body: expect.objectContaining({ weeklyVoteCount: 3 }) })]);

    clock.advance(WEEK_MS);

    await apiSpec(app)
      .when((request) => request.get('/api/home/summary'))
      .then([expectResponse(200, { body: EMPTY_WEEK })]);
    await apiSpec(app)
      .when((request) => request.get(standing('7.7')))
      .then([
        expectResponse(200, {
          body: { betterThanPercent: null, weeklyRankIfPosted: 1, weeklyPostCount: 0 },
        }),
      ]);
  });

  it.each(['', 'abc', '10.1', '-1', '7.77', '11', '1e1', '7.'])(
    'given the score %p, when asked for its standing, then it is refused with a clear 400',
    async (score) => {
      await apiSpec(app)
        .when((request) => request.get(standing(encodeURIComponent(score))))
        .then([expectError(400, /score must be a number from 0 to 10 with at most one decimal/)]);
    },
  );

  it('given no score at all, when asked for its standing, then it is refused with a 400', async () => {
    await apiSpec(app)
      .when((request) => request.get('/api/leaderboard/standing'))
      .then([expectError(400)]);
  });
});
