import { randomUUID } from 'node:crypto';
import type { RegisteredUser } from '../support/accounts';
import {
  apiSpec,
  expectNewEvents,
  expectResponse,
  type ApiRequest,
} from '../support/api-specification';
import { verifiedUser } from '../support/community';
import { directPost, publishedPost } from '../support/community-history';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import type { Schema } from '../support/api-types';

type BoardItem = Schema<'PostResponse'>;

describe('this week’s places', () => {
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

  /**
   * Each test is on a Wednesday of a week of its own, so no other test's posts are on its weekly
   * board, whatever the order the tests run in.
   */
  const onWednesdayOf = (week: string) => clock.set(week);

  const weekly = (request: ApiRequest) => request.get('/api/leaderboard/weekly');
  const page = (postId: string, viewer?: RegisteredUser) => (request: ApiRequest) =>
    (viewer ? request.as(viewer) : request).get(`/api/posts/${postId}`);

  it('given an unrated direct post and two rated posts, when the week is read, then the rated are placed and the unrated follows without a rank until the community rates it', async () => {
    onWednesdayOf('2027-03-10T12:00:00Z');
    const [author, voter] = [await verifiedUser(app), await verifiedUser(app)];
    const direct = randomUUID();
    const rated = [randomUUID(), randomUUID()];

    const { body } = await apiSpec(app)
      .given(
        directPost(direct, author.user.id),
        ...rated.map((postId) => publishedPost(postId, author.user.id)),
      )
      .when(weekly)
      .then([expectResponse(200)]);
    const board = body as BoardItem[];
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
    const found = await apiSpec(app)
      .when((request) => request.get(`/api/leaderboard/weekly?q=${name}`))
      .then([expectResponse(200)]);
    const unrated = (found.body as BoardItem[]).find((item) => item.id === direct);
    expect(unrated).toBeDefined();
    expect(unrated).not.toHaveProperty('rank');

    // Rated 10 by the community, it leads the week.
    await apiSpec(app)
      .when((request) =>
        request.as(voter).post('/api/ratings/submit').send({ postId: direct, overallScore: 10 }),
      )
      .then([
        expectResponse(201),
        expectNewEvents(`vote-${direct}-${voter.user.id}`, [
          { type: 'Rated', data: { postId: direct, score: 10 } },
        ]),
      ]);
    const after = await apiSpec(app)
      .when(weekly)
      .then([expectResponse(200)]);
    expect((after.body as BoardItem[]).map((item) => [item.id, item.rank])).toEqual([
      [direct, 1],
      [expect.any(String), 2],
      [expect.any(String), 3],
    ]);
  });

  it('given a rated and an unrated post this week, when their pages are read, then each answers its rank as the weekly board has it', async () => {
    onWednesdayOf('2027-03-24T12:00:00Z');
    const author = await verifiedUser(app);
    const [direct, rated] = [randomUUID(), randomUUID()];

    const { body } = await apiSpec(app)
      .given(directPost(direct, author.user.id), publishedPost(rated, author.user.id))
      .when(weekly)
      .then([expectResponse(200)]);

    const board = body as BoardItem[];
    expect(board.map((item) => item.id)).toEqual([rated, direct]);
    for (const item of board) {
      await apiSpec(app)
        .when(page(item.id))
        .then([
          expectResponse(200, {
            body: expect.objectContaining({ id: item.id, weeklyRank: item.rank ?? null }),
          }),
        ]);
    }
    await apiSpec(app)
      .when(page(direct))
      .then([expectResponse(200, { body: expect.objectContaining({ weeklyRank: null }) })]);
  });

  it('given a post, when a member reports it, then its page tells that member their report is waiting, and nobody else', async () => {
    const [author, reporter, other] = [
      await verifiedUser(app),
      await verifiedUser(app),
      await verifiedUser(app),
    ];
    const postId = randomUUID();
    const reportedByViewer = (reportedByViewer: boolean) =>
      expectResponse(200, { body: expect.objectContaining({ reportedByViewer }) });

    await apiSpec(app)
      .given(publishedPost(postId, author.user.id))
      .when(page(postId, reporter))
      .then([reportedByViewer(false)]);
    await apiSpec(app)
      .when((request) =>
        request.as(reporter).post(`/api/posts/${postId}/report`).send({ reason: 'Not feet' }),
      )
      .then([
        expectResponse(201),
        expectNewEvents(`report-${postId}-${reporter.user.id}`, [
          { type: 'PostReported', data: { postId, reason: 'Not feet' } },
        ]),
      ]);

    await apiSpec(app)
      .when(page(postId, reporter))
      .then([reportedByViewer(true)]);
    for (const viewer of [other, author, undefined]) {
      await apiSpec(app)
        .when(page(postId, viewer))
        .then([reportedByViewer(false)]);
    }
  });
});
