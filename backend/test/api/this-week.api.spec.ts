import request from 'supertest';
import type { RegisteredUser } from '../support/accounts';
import { publishDirectPost, verifiedUser } from '../support/community';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import type { Schema } from '../support/api-types';

type Standing = Schema<'WeeklyStandingResponse'>;
type Summary = Schema<'HomeSummaryResponse'>;

/** Reads until `done` holds (at most 10 s), without sleeping for a fixed time. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

describe('this week at a glance: a score’s standing and the home summary', () => {
  // Wednesday of ISO week 2026-W47.
  const clock = new TestClock(new Date('2026-11-18T12:00:00Z'));
  let app: TestApp;
  let author: RegisteredUser;
  let voter: RegisteredUser;
  const posts: Record<'nine' | 'six' | 'four' | 'unrated', string> = {
    nine: '',
    six: '',
    four: '',
    unrated: '',
  };

  beforeAll(async () => {
    app = await startTestApp(
      { ...ROOMY_WRITE_LIMITS, UPLOAD_LIMIT_PER_HOUR: '100000' },
      undefined,
      {
        clock,
      },
    );
    author = await verifiedUser(app);
    voter = await verifiedUser(app);
  });
  afterAll(() => app.close());

  const standing = async (score: string) =>
    (await request(app.server).get(`/api/leaderboard/standing?score=${score}`).expect(200))
      .body as Standing;
  const summary = async () =>
    (await request(app.server).get('/api/home/summary').expect(200)).body as Summary;

  it('given an empty week, when asked, then a score would be first and nobody is below it', async () => {
    expect(await standing('7.7')).toEqual({
      betterThanPercent: null,
      weeklyRankIfPosted: 1,
      weeklyPostCount: 0,
    });
    expect(await summary()).toEqual({ top: [], weeklyPostCount: 0, weeklyVoteCount: 0 });
  });

  it('given posts rated 9, 6 and 4 and one unrated, when a score is placed, then it counts the rated posts in the weekly board’s order', async () => {
    let seed = 959_000;
    for (const [name, score] of [
      ['nine', 9],
      ['six', 6],
      ['four', 4],
      ['unrated', null],
    ] as const) {
      posts[name] = await publishDirectPost(author, (seed += 1));
      if (score !== null) {
        await voter.agent
          .post('/api/ratings/submit')
          .send({ postId: posts[name], overallScore: score })
          .expect(201);
      }
    }
    await until(
      () => standing('0'),
      (answer) => answer.weeklyPostCount === 3,
    );

    expect(await standing('7.7')).toEqual({
      betterThanPercent: 66,
      weeklyRankIfPosted: 2,
      weeklyPostCount: 3,
    });
    // A tie goes after the post already there: it has votes and came first.
    expect(await standing('9')).toMatchObject({ betterThanPercent: 66, weeklyRankIfPosted: 2 });
    expect(await standing('10.0')).toMatchObject({ betterThanPercent: 100, weeklyRankIfPosted: 1 });
    expect(await standing('3.5')).toMatchObject({ betterThanPercent: 0, weeklyRankIfPosted: 4 });
  });

  it('given the same week, when the home page asks, then it answers the top three with the week’s posts and votes', async () => {
    const answer = await until(summary, (value) => value.weeklyVoteCount === 3);
    expect(answer.top.map((item) => [item.id, item.averageRating, item.rank])).toEqual([
      [posts.nine, '9.0', 1],
      [posts.six, '6.0', 2],
      [posts.four, '4.0', 3],
    ]);
    expect(answer.weeklyPostCount).toBe(4);
    expect(answer.weeklyVoteCount).toBe(3);
  });

  it('given a new week on Monday, when asked, then last week no longer counts', async () => {
    clock.advance(WEEK_MS);
    expect(await summary()).toEqual({ top: [], weeklyPostCount: 0, weeklyVoteCount: 0 });
    expect(await standing('7.7')).toEqual({
      betterThanPercent: null,
      weeklyRankIfPosted: 1,
      weeklyPostCount: 0,
    });
  });

  it.each(['', 'abc', '10.1', '-1', '7.77', '11', '1e1', '7.'])(
    'given the score %p, when asked for its standing, then it is refused with a clear 400',
    async (score) => {
      const response = await request(app.server)
        .get(`/api/leaderboard/standing?score=${encodeURIComponent(score)}`)
        .expect(400);
      expect(JSON.stringify(response.body)).toContain(
        'score must be a number from 0 to 10 with at most one decimal',
      );
    },
  );

  it('given no score at all, when asked for its standing, then it is refused with a 400', async () => {
    await request(app.server).get('/api/leaderboard/standing').expect(400);
  });
});
