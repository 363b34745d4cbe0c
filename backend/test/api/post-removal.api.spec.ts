import request from 'supertest';
import { outbox, sessionCookieOf } from '../support/accounts';
import { until } from '../support/until';
import { publishPost, publishRating, uploadRating, verifiedUser } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';
import type { RegisteredUser } from '../support/accounts';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };
const ENV = {
  ...ADMIN,
  UPLOAD_LIMIT_PER_HOUR: '100000',
  REPORT_AUTO_HIDE: '100',
  // The crossing rounds report one post after another, faster than a person would.
  REPORT_LIMIT_PER_MINUTE: '1000',
};

/**
 * Removing a post settles it: its pending reports are marked reviewed with the removal as the
 * outcome (also a report that arrives as the post is being removed), so the Reports page, the
 * reported filter and the dashboard no longer list it; and its author sees it as removed, with
 * the reason, in their own posts. An author's deletion closes them the same way, with its own
 * note and no verdict on the author.
 */
describe('removing a post settles it', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp(ENV);
    const login = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    admin = sessionCookieOf(login.headers['set-cookie'], 'admin_sid');
  });
  afterAll(() => app.close());
  afterEach(() => app.gate.reset());

  const get = async <T>(path: string) =>
    (await request(app.server).get(`/api/rtm-sys${path}`).set('Cookie', admin).expect(200))
      .body as T;
  const remove = (postId: string, reason = 'Shows a face') =>
    request(app.server)
      .delete(`/api/rtm-sys/posts/${postId}`)
      .set('Cookie', admin)
      .send({ reason });
  const reportsOf = async (postId: string, status = 'all') =>
    (await get<Schema<'AdminReportPage'>>(`/reports?status=${status}&pageSize=100`)).items.filter(
      (report) => report.postId === postId,
    );
  /** A member's post that two others reported: its author and id. */
  const reportedTwice = async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    for (const reporter of [await verifiedUser(app), await verifiedUser(app)]) {
      await reporter.agent
        .post(`/api/posts/${postId}/report`)
        .send({ reason: 'Shows a face' })
        .expect(201);
    }
    return { author, postId };
  };
  /** The post's two reports reviewed with `note`, and gone from the dashboard's pending count. */
  const expectSettled = async (
    postId: string,
    note: string,
    before: Schema<'DashboardCountsResponse'>,
  ) => {
    expect(await reportsOf(postId, 'pending')).toEqual([]);
    const settled = await reportsOf(postId);
    expect(settled).toHaveLength(2);
    for (const report of settled) expect(report).toMatchObject({ status: 'reviewed', note });
    const after = await get<Schema<'DashboardCountsResponse'>>('/dashboard');
    expect(after.pendingReports).toBe(before.pendingReports - 2);
  };
  /**
   * Five rounds of three members reporting a post of `authorOf(round)` while it `goes`: none of
   * their reports is left pending (before it went a report is taken and settled; after, 404).
   */
  const crossing = async (
    authorOf: () => Promise<RegisteredUser>,
    goes: (postId: string, author: RegisteredUser, round: number) => Promise<unknown>,
  ) => {
    const reporters = [await verifiedUser(app), await verifiedUser(app), await verifiedUser(app)];
    for (let round = 0; round < 5; round += 1) {
      const author = await authorOf();
      const postId = await publishPost(app, author);
      await Promise.all([
        goes(postId, author, round),
        ...reporters.map((reporter) =>
          reporter.agent
            .post(`/api/posts/${postId}/report`)
            .send({ reason: 'Not feet' })
            .expect((res) => expect([201, 404]).toContain(res.status)),
        ),
      ]);
      expect(await reportsOf(postId, 'pending')).toEqual([]);
    }
  };

  it('marks its pending reports reviewed, with the removal as the note; the queues forget it', async () => {
    const { postId } = await reportedTwice();
    const before = await get<Schema<'DashboardCountsResponse'>>('/dashboard');
    expect(await reportsOf(postId, 'pending')).toHaveLength(2);
    const reported = await get<Schema<'AdminPostPage'>>('/posts?filter=reported&pageSize=100');
    expect(reported.items.map((post) => post.id)).toContain(postId);

    await remove(postId).expect(200);

    await expectSettled(postId, 'Post removed: Shows a face', before);
    const stillReported = await get<Schema<'AdminPostPage'>>('/posts?filter=reported&pageSize=100');
    expect(stillReported.items.map((post) => post.id)).not.toContain(postId);
    // The admin acted: the settlement is theirs in the log, under the removal's correlation id.
    const events = await app.events.readAll();
    const ofPost = (type: string) =>
      events.filter((e) => e.type === type && (e.data as { postId?: string }).postId === postId);
    const [removal] = ofPost('PostRemoved');
    const reviews = ofPost('ReportReviewed');
    expect(reviews).toHaveLength(2);
    for (const review of reviews) {
      expect(review.metadata.actor).toEqual(removal.metadata.actor);
      expect(review.metadata.correlationId).toBe(removal.metadata.correlationId);
    }
  });

  it(
    'leaves no report pending when a report and the removal cross, round after round',
    () =>
      // An author each round: upheld reports are strikes, and three suspend posting.
      crossing(
        () => verifiedUser(app),
        (postId, _, round) => remove(postId, `Round ${round}`).expect(200),
      ),
    120_000,
  );

  it('closes the pending reports of a post its author deletes, as reviewed with a note; the queues forget it', async () => {
    const { author, postId } = await reportedTwice();
    const before = await get<Schema<'DashboardCountsResponse'>>('/dashboard');

    await author.agent.delete(`/api/user/posts/${postId}`).expect(200);

    await expectSettled(postId, 'Post deleted by its author', before);
    const reviews = (await app.events.readAll()).filter(
      (e) => e.type === 'ReportReviewed' && (e.data as { postId?: string }).postId === postId,
    );
    expect(
      reviews.map((e) => [e.metadata.actor, (e.data as { postDeleted?: boolean }).postDeleted]),
    ).toEqual([
      [{ type: 'system', id: 'post-deletion' }, true],
      [{ type: 'system', id: 'post-deletion' }, true],
    ]);
  });

  it('leaves no report pending when a report and the author’s deletion cross, round after round', async () => {
    const author = await verifiedUser(app);
    await crossing(
      async () => author,
      (postId) => author.agent.delete(`/api/user/posts/${postId}`).expect(200),
    );
  }, 120_000);

  it('shows its author the post as removed by a moderator, with the reason, never as held, and mails them once', async () => {
    const author = await verifiedUser(app);
    app.gate.decideNext({ outcome: 'review', reason: 'nudity', scores: { 'nsfw.sexy': 0.8 } });
    const held = await publishRating(author, await uploadRating(app, 73_001, author.agent));
    const live = await publishPost(app, author);

    await remove(held, 'Nudity').expect(200);

    const own = (await author.agent.get('/api/user/posts').expect(200))
      .body as Schema<'OwnPostResponse'>[];
    expect(own.find((post) => post.id === held)).toMatchObject({
      removed: true,
      removalReason: 'Nudity',
      heldForReview: false,
    });
    expect(own.find((post) => post.id === live)).toMatchObject({
      removed: false,
      removalReason: null,
    });
    await author.agent.get(`/api/posts/${held}`).expect(404);

    // One mail tells the author what happened and why (the removal of a held post too).
    const removalMails = async () =>
      (await outbox(app)).filter(
        (m) => m.to === author.email && m.subject === 'Your post was removed by a moderator',
      );
    await until(async () => (await removalMails()).length > 0);
    const [mail, ...more] = await removalMails();
    expect(more).toEqual([]);
    expect(mail.text).toContain('Reason: Nudity');
    expect(mail.text).toContain('/my-posts');
  });
});
