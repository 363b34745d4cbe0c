import request from 'supertest';
import { publishDirectPost, publishPost, verifiedUser } from '../support/community';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import type { Schema } from '../support/api-types';

type BoardItem = Schema<'PostResponse'>;

/** Reads until `done` holds (at most 10 s), without sleeping for a fixed time. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('this week’s places', () => {
  // Wednesday of ISO week 2026-W47.
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

  const weekly = async () =>
    (await request(app.server).get('/api/leaderboard/weekly').expect(200)).body as BoardItem[];

  it('places rated posts only: an unrated direct post follows them without a rank until rated', async () => {
    const author = await verifiedUser(app);
    const voter = await verifiedUser(app);
    const direct = await publishDirectPost(author, 922_001);
    const rated = [await publishPost(app, author), await publishPost(app, author)];

    const board = await until(weekly, (items) => items.length === 3);
    expect(board.map((item) => item.rank)).toEqual([1, 2, undefined]);
    expect(board[2]).toMatchObject({ id: direct, averageRating: null });
    expect(
      board
        .slice(0, 2)
        .map((item) => item.id)
        .sort(),
    ).toEqual([...rated].sort());
    // A search keeps the same meaning: still no place for the unrated post.
    const name = encodeURIComponent(author.user.anonymousUsername);
    const found = (await request(app.server).get(`/api/leaderboard/weekly?q=${name}`).expect(200))
      .body as BoardItem[];
    expect(found.find((item) => item.id === direct)).not.toHaveProperty('rank');

    // Rated 10 by the community, it leads the week.
    await voter.agent
      .post('/api/ratings/submit')
      .send({ postId: direct, overallScore: 10 })
      .expect(201);
    const after = await until(weekly, (items) => items[0]?.id === direct);
    expect(after.map((item) => [item.id, item.rank])).toEqual([
      [direct, 1],
      [expect.any(String), 2],
      [expect.any(String), 3],
    ]);
  });

  it('answers a post’s rank this week on its page, as the weekly board has it', async () => {
    const author = await verifiedUser(app);
    const direct = await publishDirectPost(author, 922_002);
    await publishPost(app, author);
    const board = await until(weekly, (items) => items.some((item) => item.id === direct));
    for (const item of board) {
      const page = (await request(app.server).get(`/api/posts/${item.id}`).expect(200)).body;
      expect(page.weeklyRank).toBe(item.rank ?? null);
    }
    expect(
      (await request(app.server).get(`/api/posts/${direct}`).expect(200)).body.weeklyRank,
    ).toBeNull();
  });

  it('tells a viewer whether their report is still waiting, and nobody else', async () => {
    const author = await verifiedUser(app);
    const reporter = await verifiedUser(app);
    const other = await verifiedUser(app);
    const post = await publishPost(app, author);
    const reported = async (agent: { get: (url: string) => request.Test } | null) =>
      (
        (await (agent ?? request(app.server)).get(`/api/posts/${post}`).expect(200))
          .body as Schema<'PostPageResponse'>
      ).reportedByViewer;
    expect(await reported(reporter.agent)).toBe(false);
    await reporter.agent.post(`/api/posts/${post}/report`).send({ reason: 'Not feet' }).expect(201);
    expect(
      await until(
        () => reported(reporter.agent),
        (value) => value,
      ),
    ).toBe(true);
    expect(await reported(other.agent)).toBe(false);
    expect(await reported(author.agent)).toBe(false);
    expect(await reported(null)).toBe(false);
  });
});
