import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { outbox, type RegisteredUser } from '../support/accounts';
import { signedInAdmin } from '../support/admins';
import {
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectResponse,
  type ApiRequest,
} from '../support/api-specification';
import { verifiedUser } from '../support/community';
import { publishedPost, reportedPost } from '../support/community-history';
import { postPublished } from '../support/community-use-cases';
import { until } from '../support/until';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };
const ENV = {
  ...ADMIN,
  UPLOAD_LIMIT_PER_HOUR: '100000',
  REPORT_AUTO_HIDE: '100',
  // The crossing rounds report one post after another, faster than a person would.
  REPORT_LIMIT_PER_MINUTE: '1000',
};

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
type Dashboard = Schema<'DashboardCountsResponse'>;

/**
 * Removing a post settles it: its pending reports are marked reviewed with the removal as the
 * outcome (also a report that arrives as the post is being removed), so the Reports page, the
 * reported filter and the dashboard no longer list it; and its author sees it as removed, with
 * the reason, in their own posts. An author's deletion closes them the same way, with its own
 * note and no verdict on the author.
 */
describe('removing a post settles it', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(ENV);
  });
  afterAll(() => app.close());

  const removal =
    (admin: Admin, postId: string, reason = 'Shows a face') =>
    (request: ApiRequest) =>
      request.as(admin).delete(`/api/rtm-sys/posts/${postId}`).send({ reason });
  const read = async <T>(admin: Admin, path: string) =>
    (
      await apiSpec(app)
        .when((request) => request.as(admin).get(`/api/rtm-sys${path}`))
        .then([expectResponse(200)])
    ).body as T;
  const reportsOf = async (admin: Admin, postId: string, status = 'all') =>
    (
      await read<Schema<'AdminReportPage'>>(admin, `/reports?status=${status}&pageSize=100`)
    ).items.filter((report) => report.postId === postId);

  /** A member's post that two others reported: its author, id, reporters and history. */
  const reportedTwice = async () => {
    const [author, first, second] = [
      await verifiedUser(app),
      await verifiedUser(app),
      await verifiedUser(app),
    ];
    const postId = randomUUID();
    const reporters = [first, second];
    const history = [
      publishedPost(postId, author.user.id),
      ...reporters.map((reporter) => reportedPost(postId, reporter.user.id, author.user.id)),
    ];
    return { author, postId, reporters, history };
  };

  /** The post's two reports reviewed with `note`, and gone from the dashboard's pending count. */
  const expectSettled = async (admin: Admin, postId: string, note: string, before: Dashboard) => {
    expect(await reportsOf(admin, postId, 'pending')).toEqual([]);
    const settled = await reportsOf(admin, postId);
    expect(settled).toHaveLength(2);
    for (const report of settled) expect(report).toMatchObject({ status: 'reviewed', note });
    const after = await read<Dashboard>(admin, '/dashboard');
    expect(after.pendingReports).toBe(before.pendingReports - 2);
  };

  /**
   * Five rounds of three members reporting a post of `authorOf(round)` while it `goes`: none of
   * their reports is left pending (before it went a report is taken and settled; after, 404).
   */
  const crossing = async (
    admin: Admin,
    authorOf: () => Promise<RegisteredUser>,
    goes: (
      request: ApiRequest,
      postId: string,
      author: RegisteredUser,
      round: number,
    ) => PromiseLike<unknown>,
  ) => {
    const reporters = [await verifiedUser(app), await verifiedUser(app), await verifiedUser(app)];
    for (let round = 0; round < 5; round += 1) {
      const author = await authorOf();
      const postId = randomUUID();
      await apiSpec(app)
        .given(publishedPost(postId, author.user.id))
        .when(async (request) => {
          const [gone] = await Promise.all([
            goes(request, postId, author, round),
            ...reporters.map((reporter) =>
              request
                .as(reporter)
                .post(`/api/posts/${postId}/report`)
                .send({ reason: 'Not feet' })
                .expect((res) => expect([201, 404]).toContain(res.status)),
            ),
          ]);
          return gone as Response;
        })
        .then([expectResponse(200)]);
      expect(await reportsOf(admin, postId, 'pending')).toEqual([]);
    }
  };

  it('given a post reported twice, when an admin removes it, then its pending reports are reviewed with the removal as the note, by that admin, and the queues forget it', async () => {
    const admin = await signedInAdmin(app, ADMIN);
    const { author, postId, reporters, history } = await reportedTwice();
    const before = await apiSpec(app)
      .given(...history)
      .when((request) => request.as(admin).get('/api/rtm-sys/dashboard'))
      .then([expectResponse(200)]);
    expect(await reportsOf(admin, postId, 'pending')).toHaveLength(2);
    const reported = await read<Schema<'AdminPostPage'>>(
      admin,
      '/posts?filter=reported&pageSize=100',
    );
    expect(reported.items.map((post) => post.id)).toContain(postId);

    await apiSpec(app)
      .when(removal(admin, postId))
      .then([
        expectResponse(200),
        expectNewEvents(`post-${postId}`, [
          {
            type: 'PostRemoved',
            data: { postId, authorId: author.user.id, reason: 'Shows a face' },
          },
        ]),
        ...reporters.map((reporter) =>
          expectNewEvents(`report-${postId}-${reporter.user.id}`, [
            {
              type: 'ReportReviewed',
              data: { postId, status: 'reviewed', note: 'Post removed: Shows a face' },
            },
          ]),
        ),
      ]);

    await expectSettled(admin, postId, 'Post removed: Shows a face', before.body as Dashboard);
    const stillReported = await read<Schema<'AdminPostPage'>>(
      admin,
      '/posts?filter=reported&pageSize=100',
    );
    expect(stillReported.items.map((post) => post.id)).not.toContain(postId);
    // The admin acted: the settlement is theirs in the log, under the removal's correlation id.
    const [removalEvent] = await app.events.readStream(`post-${postId}`, { fromRevision: 1n });
    for (const reporter of reporters) {
      const [, review] = await app.events.readStream(`report-${postId}-${reporter.user.id}`);
      expect(review.metadata.actor).toEqual(removalEvent.metadata.actor);
      expect(review.metadata.correlationId).toBe(removalEvent.metadata.correlationId);
    }
    expect(removalEvent.metadata.actor.type).toBe('admin');
  });

  it('given posts of new authors, when reports and the removal cross, round after round, then no report is left pending', async () => {
    const admin = await signedInAdmin(app, ADMIN);
    // An author each round: upheld reports are strikes, and three suspend posting.
    await crossing(
      admin,
      () => verifiedUser(app),
      (request, postId, _, round) => removal(admin, postId, `Round ${round}`)(request).expect(200),
    );
  }, 120_000);

  it('given a post reported twice, when its author deletes it, then its pending reports are closed as reviewed with a note and no verdict, and the queues forget it', async () => {
    const admin = await signedInAdmin(app, ADMIN);
    const { author, postId, reporters, history } = await reportedTwice();
    const before = await apiSpec(app)
      .given(...history)
      .when((request) => request.as(admin).get('/api/rtm-sys/dashboard'))
      .then([expectResponse(200)]);

    await apiSpec(app)
      .when((request) => request.as(author).delete(`/api/user/posts/${postId}`))
      .then([
        expectResponse(200),
        expectNewEvents(`post-${postId}`, [{ type: 'PostDeleted', data: { postId } }]),
        ...reporters.map((reporter) =>
          expectNewEvents(`report-${postId}-${reporter.user.id}`, [
            {
              type: 'ReportReviewed',
              data: { status: 'reviewed', note: 'Post deleted by its author', postDeleted: true },
              metadata: { actor: { type: 'system', id: 'post-deletion' } },
            },
          ]),
        ),
      ]);

    await expectSettled(admin, postId, 'Post deleted by its author', before.body as Dashboard);
  });

  it('given a member’s posts, when reports and the author’s deletion cross, round after round, then no report is left pending', async () => {
    const admin = await signedInAdmin(app, ADMIN);
    const author = await verifiedUser(app);
    await crossing(
      admin,
      async () => author,
      (request, postId) => request.as(author).delete(`/api/user/posts/${postId}`).expect(200),
    );
  }, 120_000);

  it('given a post held for review and a live one, when an admin removes the held one, then its author sees it as removed with the reason, never as held, and is mailed once', async () => {
    const admin = await signedInAdmin(app, ADMIN);
    const author = await verifiedUser(app);
    const [held, live] = [randomUUID(), randomUUID()];
    const heldPublished = postPublished(held, author.user.id);
    const heldForReview = { reason: 'gate_review', gate: null };

    await apiSpec(app)
      .given(
        existingStream(`post-${held}`, [
          { ...heldPublished, data: { ...(heldPublished.data as object), heldForReview } },
        ]),
        publishedPost(live, author.user.id),
      )
      .when(removal(admin, held, 'Nudity'))
      .then([
        expectResponse(200),
        expectNewEvents(`post-${held}`, [{ type: 'PostRemoved', data: { reason: 'Nudity' } }]),
      ]);

    const own = await apiSpec(app)
      .when((request) => request.as(author).get('/api/user/posts'))
      .then([expectResponse(200)]);
    const posts = own.body as Schema<'OwnPostResponse'>[];
    expect(posts.find((post) => post.id === held)).toMatchObject({
      removed: true,
      removalReason: 'Nudity',
      heldForReview: false,
    });
    expect(posts.find((post) => post.id === live)).toMatchObject({
      removed: false,
      removalReason: null,
    });
    await apiSpec(app)
      .when((request) => request.as(author).get(`/api/posts/${held}`))
      .then([expectError(404)]);

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
