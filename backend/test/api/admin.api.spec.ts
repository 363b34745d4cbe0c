import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { rebuildReadModels } from '../../src/cli/rebuild-read-models';
import { loadConfig } from '../../src/config/config';
import { type RegisteredUser, sessionCookieOf } from '../support/accounts';
import {
  apiSpec,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  type ApiRequest,
} from '../support/api-specification';
import { verifiedUser } from '../support/community';
import { postedComment, publishedPost, reportedPost } from '../support/community-history';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const ADMIN = {
  ADMIN_USERNAME: 'root_admin',
  ADMIN_PASSWORD: 'a long admin password',
  REPORT_AUTO_HIDE: '3',
};

interface Admin {
  agent: ReturnType<typeof supertest.agent>;
  id: string;
}

/** A browser of `app` signed in to the back office as `username`. */
async function signInTo(
  app: TestApp,
  username = ADMIN.ADMIN_USERNAME,
  password = ADMIN.ADMIN_PASSWORD,
): Promise<Admin> {
  const agent = supertest.agent(app.server);
  const { body } = await agent.post('/api/rtm-sys/login').send({ username, password }).expect(200);
  return { agent, id: (body as Schema<'AdminResponse'>).id };
}

describe('the admin back office', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(ADMIN);
  });
  afterAll(() => app.close());

  const signIn = () => signInTo(app);
  const board = async () =>
    (
      (
        await apiSpec(app)
          .when((request) => request.get('/api/posts?limit=100'))
          .then([expectResponse(200)])
      ).body as Schema<'PostResponse'>[]
    ).map((post) => post.id);
  const adminGet = async <T>(by: Admin, path: string) =>
    (
      await apiSpec(app)
        .when((request) => request.as(by).get(`/api/rtm-sys${path}`))
        .then([expectResponse(200)])
    ).body as T;
  const act =
    (by: Admin, method: 'patch' | 'post' | 'delete', path: string, body: object = {}) =>
    (request: ApiRequest) =>
      request.as(by)[method](`/api/rtm-sys${path}`).send(body);
  const report =
    (member: RegisteredUser, postId: string, reason: string) => (request: ApiRequest) =>
      request.as(member).post(`/api/posts/${postId}/report`).send({ reason });
  /** A member's post, as its stream records it. */
  async function aPost() {
    const author = await verifiedUser(app);
    const postId = randomUUID();
    return { author, postId, post: publishedPost(postId, author.user.id) };
  }

  it('given a member flagged isAdmin, when they or a visitor open the back office, then 401: only an admin session opens it', async () => {
    const by = await signIn();
    const member = await verifiedUser(app);
    await apiSpec(app)
      .when(act(by, 'patch', `/users/${member.user.id}`, { isAdmin: true }))
      .then([
        expectResponse(200),
        expectNewEvents(`user-${member.user.id}`, [{ type: 'UserAdminFlagChanged' }]),
      ]);

    for (const path of [
      '/posts',
      '/comments',
      '/reports',
      '/users',
      '/admins',
      '/audit',
      '/statistics',
    ]) {
      await apiSpec(app)
        .when((request) => request.get(`/api/rtm-sys${path}`))
        .then([expectError(401, 'Please sign in as an admin to continue.')]);
      await apiSpec(app)
        .when((request) => request.as(member).get(`/api/rtm-sys${path}`))
        .then([expectError(401)]);
    }
    await apiSpec(app)
      .when((request) => request.as(member).get('/api/auth/me'))
      .then([expectResponse(200, { body: expect.objectContaining({ isAdmin: true }) })]);
  });

  it('given an admin session, when an admin action comes from another site, then 403 and nothing done', async () => {
    const by = await signIn();

    await apiSpec(app)
      .when((request) =>
        request
          .as(by)
          .post('/api/rtm-sys/admins')
          .set('Origin', 'https://evil.example')
          .send({ username: 'evil_admin', password: 'x'.repeat(20) }),
      )
      .then([
        expectError(403, 'Cross-site request refused'),
        async ({ allNewEvents }) => expect(await allNewEvents()).toEqual([]),
      ]);
  });

  it('given a new post, when an admin approves it once (409 after), hides and shows it and removes it with a reason, then the boards follow', async () => {
    const by = await signIn();
    const { author, postId, post } = await aPost();

    const pending = await apiSpec(app)
      .given(post)
      .when((request) => request.as(by).get('/api/rtm-sys/posts?filter=pending&pageSize=100'))
      .then([expectResponse(200)]);
    expect(
      (pending.body as Schema<'AdminPostPage'>).items.find((p) => p.id === postId),
    ).toMatchObject({ isModerated: false, author: { id: author.user.id, email: author.email } });

    await apiSpec(app)
      .when(act(by, 'patch', `/posts/${postId}`, { isModerated: true }))
      .then([
        expectResponse(200, { body: expect.objectContaining({ isModerated: true, listed: true }) }),
        expectNewEvents(`post-${postId}`, [{ type: 'PostApproved' }]),
      ]);
    await apiSpec(app)
      .when(act(by, 'patch', `/posts/${postId}`, { isModerated: true }))
      .then([
        expectError(409, 'This post has already been approved'),
        expectNoNewEvents(`post-${postId}`),
      ]);
    for (const body of [{ isModerated: false }, {}]) {
      await apiSpec(app)
        .when(act(by, 'patch', `/posts/${postId}`, body))
        .then([expectError(400)]);
    }

    await apiSpec(app)
      .when(act(by, 'patch', `/posts/${postId}`, { isPublic: false, reason: 'Blurry' }))
      .then([
        expectResponse(200),
        expectNewEvents(`post-${postId}`, [
          { type: 'PostVisibilityChanged', data: { isPublic: false, reason: 'Blurry' } },
        ]),
      ]);
    expect(await board()).not.toContain(postId);
    await apiSpec(app)
      .when((request) => request.get(`/api/posts/${postId}`))
      .then([expectError(404)]);
    await apiSpec(app)
      .when(act(by, 'patch', `/posts/${postId}`, { isPublic: true }))
      .then([expectResponse(200)]);
    expect(await board()).toContain(postId);

    await apiSpec(app)
      .when(act(by, 'delete', `/posts/${postId}`, { reason: ' ' }))
      .then([expectError(400, 'Please give a reason')]);
    await apiSpec(app)
      .when(act(by, 'delete', `/posts/${postId}`, { reason: 'Not feet' }))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({
            removed: true,
            listed: false,
            removalReason: 'Not feet',
          }),
        }),
        expectNewEvents(`post-${postId}`, [{ type: 'PostRemoved', data: { reason: 'Not feet' } }]),
      ]);
    expect(await board()).not.toContain(postId);
    await apiSpec(app)
      .when((request) => request.as(author).get(`/api/posts/${postId}`))
      .then([expectError(404)]);
    await apiSpec(app)
      .when(act(by, 'patch', `/posts/${postId}`, { isPublic: true }))
      .then([expectError(404)]);
    await apiSpec(app)
      .when((request) => request.as(by).get('/api/rtm-sys/posts/not-a-post'))
      .then([expectError(404)]);
  });

  it('given a comment, when an admin finds it by its words and deletes it with a reason, then it is gone', async () => {
    const by = await signIn();
    const { postId, post } = await aPost();
    const commenter = await verifiedUser(app);
    const commentId = randomUUID();
    const text = `Lovely arches ${commentId}`;

    await apiSpec(app)
      .given(post, postedComment({ commentId, postId, userId: commenter.user.id }, text))
      .when((request) =>
        request.as(by).get(`/api/rtm-sys/comments?search=${encodeURIComponent(text)}`),
      )
      .then([
        expectResponse(200, {
          body: expect.objectContaining({
            items: [
              expect.objectContaining({
                id: commentId,
                text,
                author: expect.objectContaining({ id: commenter.user.id }),
              }),
            ],
          }),
        }),
      ]);
    await apiSpec(app)
      .when(act(by, 'delete', `/comments/${commentId}`))
      .then([expectError(400), expectNoNewEvents(`comment-${commentId}`)]);
    await apiSpec(app)
      .when(act(by, 'delete', `/comments/${commentId}`, { reason: 'Off topic' }))
      .then([
        expectResponse(200),
        expectNewEvents(`comment-${commentId}`, [{ type: 'CommentDeleted' }]),
      ]);
    await apiSpec(app)
      .when((request) => request.get(`/api/posts/${postId}/comments`))
      .then([expectResponse(200, { body: [] })]);
    await apiSpec(app)
      .when(act(by, 'delete', `/comments/${commentId}`, { reason: 'Again' }))
      .then([expectError(404)]);
  });

  it('given two pending reports, when an admin reviews them, then each once (409 the second time), pending first, the post hidden in the same step when asked', async () => {
    const by = await signIn();
    const { author, postId, post } = await aPost();
    const [first, second] = [await verifiedUser(app), await verifiedUser(app)];

    const queue = await apiSpec(app)
      .given(
        post,
        reportedPost(postId, first.user.id, author.user.id, 'Shows a face'),
        reportedPost(postId, second.user.id, author.user.id, 'Spam'),
      )
      .when((request) => request.as(by).get(`/api/rtm-sys/reports?postId=${postId}`))
      .then([expectResponse(200)]);
    const items = (queue.body as Schema<'AdminReportPage'>).items;
    expect(items).toHaveLength(2);
    expect(items.every((r) => r.status === 'pending')).toBe(true);
    const [a, b] = items;

    await apiSpec(app)
      .when(act(by, 'patch', `/reports/${a.id}`, { status: 'dismissed' }))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ status: 'dismissed', reviewedBy: 'root_admin' }),
        }),
        expectNewEvents(`report-${postId}-${a.reporterId}`, [
          { type: 'ReportReviewed', data: { status: 'dismissed' } },
        ]),
      ]);
    await apiSpec(app)
      .when(act(by, 'patch', `/reports/${a.id}`, { status: 'reviewed' }))
      .then([expectError(409, 'This report has already been reviewed')]);
    expect(await board()).toContain(postId);

    await apiSpec(app)
      .when(act(by, 'patch', `/reports/${b.id}`, { status: 'reviewed', hidePost: true }))
      .then([
        expectResponse(200),
        expectNewEvents(`report-${postId}-${b.reporterId}`, [
          { type: 'ReportReviewed', data: { status: 'reviewed', hidePost: true } },
        ]),
        expectNewEvents(`post-${postId}`, [
          { type: 'PostReportSettled', data: { status: 'reviewed' } },
          { type: 'PostVisibilityChanged', data: { isPublic: false } },
        ]),
      ]);
    expect(await board()).not.toContain(postId);
    await apiSpec(app)
      .when(act(by, 'patch', `/reports/${b.id}`, { status: 'bogus' }))
      .then([expectError(400)]);
    await apiSpec(app)
      .when(
        act(by, 'patch', '/reports/00000000-0000-4000-8000-000000000000', { status: 'reviewed' }),
      )
      .then([expectError(404)]);

    const all = await adminGet<Schema<'AdminReportPage'>>(by, '/reports?pageSize=100');
    const firstReviewed = all.items.findIndex((r) => r.status !== 'pending');
    expect(all.items.slice(firstReviewed).every((r) => r.status !== 'pending')).toBe(true);
    const againstAuthor = await adminGet<Schema<'AdminReportPage'>>(
      by,
      `/users/${author.user.id}/reports`,
    );
    expect(againstAuthor.total).toBe(2);
  });

  it('given a post, when distinct accounts report it, then it is hidden at the threshold, not before, until a report is reviewed', async () => {
    const by = await signIn();
    const { author, postId, post } = await aPost();
    const reporters = [await verifiedUser(app), await verifiedUser(app), await verifiedUser(app)];

    await apiSpec(app)
      .given(post)
      .when(report(reporters[0], postId, 'One'))
      .then([expectResponse(201)]);
    // The same account again is refused and counts once.
    await apiSpec(app)
      .when(report(reporters[0], postId, 'Again'))
      .then([expectError(409), expectNoNewEvents(`report-${postId}-${reporters[0].user.id}`)]);
    await apiSpec(app)
      .when(report(reporters[1], postId, 'Two'))
      .then([expectResponse(201)]);
    expect(await board()).toContain(postId);
    await apiSpec(app)
      .when(report(reporters[2], postId, 'Three'))
      .then([
        expectResponse(201),
        expectNewEvents(`post-${postId}`, [
          { type: 'PostReportTallied' },
          { type: 'PostAutoHidden', metadata: { actor: { type: 'system', id: 'auto-hide' } } },
        ]),
      ]);
    expect(await board()).not.toContain(postId);
    const hidden = await adminGet<Schema<'AdminPostResponse'>>(by, `/posts/${postId}`);
    expect(hidden).toMatchObject({ autoHidden: true, isPublic: true, pendingReports: 3 });
    // Its author sees it hidden too, on their own list.
    const ownPost = async () =>
      (
        (
          await apiSpec(app)
            .when((request) => request.as(author).get('/api/user/posts'))
            .then([expectResponse(200)])
        ).body as Schema<'OwnPostResponse'>[]
      ).find((own) => own.id === postId);
    expect(await ownPost()).toMatchObject({ isPublic: false });

    const [first] = (await adminGet<Schema<'AdminReportPage'>>(by, `/reports?postId=${postId}`))
      .items;
    await apiSpec(app)
      .when(act(by, 'patch', `/reports/${first.id}`, { status: 'dismissed' }))
      .then([expectResponse(200)]);
    expect(await board()).toContain(postId);
    expect(await ownPost()).toMatchObject({ isPublic: true });
  });

  it('given members with posts and a comment, when an admin searches them, gives and takes the staff flag, bans, suspends and lifts, then sessions, sign-in, posts and counts follow', async () => {
    const by = await signIn();
    const { author: member, postId, post } = await aPost();
    const { author: other, postId: otherPost, post: othersPost } = await aPost();
    const commentId = randomUUID();

    await apiSpec(app)
      .given(
        post,
        othersPost,
        postedComment(
          { commentId, postId: otherPost, userId: member.user.id },
          'From the soon banned',
        ),
      )
      .when((request) =>
        request.as(by).get(`/api/rtm-sys/users?search=${encodeURIComponent(member.email)}`),
      )
      .then([
        expectResponse(200, {
          body: expect.objectContaining({
            items: [expect.objectContaining({ id: member.user.id, status: 'active' })],
          }),
        }),
      ]);
    await apiSpec(app)
      .when(act(by, 'patch', `/users/${member.user.id}`, { isAdmin: true }))
      .then([expectResponse(200, { body: expect.objectContaining({ isAdmin: true }) })]);
    await apiSpec(app)
      .when(act(by, 'patch', `/users/${member.user.id}`, { isAdmin: false }))
      .then([expectResponse(200)]);
    await apiSpec(app)
      .when(act(by, 'patch', `/users/${member.user.id}`, { isAdmin: 'yes' }))
      .then([expectError(400)]);

    await apiSpec(app)
      .when(act(by, 'post', `/users/${member.user.id}/ban`))
      .then([expectError(400)]);
    await apiSpec(app)
      .when(act(by, 'post', `/users/${member.user.id}/ban`, { reason: 'Spam' }))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ status: 'banned', statusReason: 'Spam' }),
        }),
      ]);
    // Sessions end at once, sign-in is refused with a message, posts and comments are gone.
    await apiSpec(app)
      .when((request) => request.as(member).get('/api/auth/me'))
      .then([expectError(401)]);
    const signInAsMember = (request: ApiRequest) =>
      request.post('/api/auth/login').send({ email: member.email, password: member.password });
    await apiSpec(app)
      .when(signInAsMember)
      .then([expectError(403, 'Your account has been banned for breaking the community rules.')]);
    expect(await board()).not.toContain(postId);
    await apiSpec(app)
      .when((request) => request.get(`/api/posts/${postId}`))
      .then([expectError(404)]);
    const comments = await apiSpec(app)
      .when((request) => request.get(`/api/posts/${otherPost}/comments`))
      .then([expectResponse(200)]);
    expect((comments.body as Schema<'CommentResponse'>[]).map((c) => c.id)).not.toContain(
      commentId,
    );
    // The other post's count no longer counts the hidden comment, on its page and in the admin's.
    const commentsCount = async () => [
      (
        (
          await apiSpec(app)
            .when((request) => request.get(`/api/posts/${otherPost}`))
            .then([expectResponse(200)])
        ).body as Schema<'PostPageResponse'>
      ).commentsCount,
      (await adminGet<Schema<'AdminPostResponse'>>(by, `/posts/${otherPost}`)).commentsCount,
    ];
    expect(await commentsCount()).toEqual([0, 0]);
    await apiSpec(app)
      .when(act(by, 'post', `/users/${member.user.id}/ban`, { reason: 'Twice' }))
      .then([expectError(409)]);

    await apiSpec(app)
      .when(act(by, 'post', `/users/${member.user.id}/lift`, { reason: 'Appeal' }))
      .then([expectResponse(200)]);
    expect(await board()).toContain(postId);
    expect(await commentsCount()).toEqual([1, 1]);
    await apiSpec(app)
      .when(signInAsMember)
      .then([expectResponse(200)]);

    await apiSpec(app)
      .when(act(by, 'post', `/users/${other.user.id}/suspend`, { reason: 'Cool off' }))
      .then([expectResponse(200, { body: expect.objectContaining({ status: 'suspended' }) })]);
    await apiSpec(app)
      .when((request) => request.as(other).get('/api/auth/me'))
      .then([expectError(401)]);
    expect(await board()).toContain(otherPost);
    await apiSpec(app)
      .when(act(by, 'post', `/users/${other.user.id}/lift`))
      .then([expectResponse(200)]);
    await apiSpec(app)
      .when(act(by, 'post', `/users/${other.user.id}/lift`))
      .then([expectError(409)]);
    await apiSpec(app)
      .when(act(by, 'post', '/users/00000000-0000-4000-8000-000000000000/ban', { reason: 'x' }))
      .then([expectError(404)]);
  });

  it('given the configured admin alone, when it creates admins, resets a password and they disable one another, then never oneself nor the last one', async () => {
    // Disabling the configured admin is the point here: an app of its own, so that the suite's
    // other tests still sign in as it.
    const roster = await startTestApp(ADMIN);
    try {
      const spec = () => apiSpec(roster);
      const root = await signInTo(roster);
      const current = { currentPassword: ADMIN.ADMIN_PASSWORD };
      const on = (by: Admin, path: string, body: object) => (request: ApiRequest) =>
        request.as(by).post(`/api/rtm-sys${path}`).send(body);

      const created = await spec()
        .when(
          on(root, '/admins', {
            username: 'second_admin',
            password: 'another long password',
            ...current,
          }),
        )
        .then([expectResponse(200)]);
      const secondId = (created.body as Schema<'IdResponse'>).id;
      await spec()
        .when(
          on(root, '/admins', {
            username: 'second_admin',
            password: 'yet another admin passphrase',
            ...current,
          }),
        )
        .then([expectError(409)]);
      await spec()
        .when(on(root, '/admins', { username: 'short_pw', password: 'short', ...current }))
        .then([expectError(400)]);
      const second = await signInTo(roster, 'second_admin', 'another long password');

      await spec()
        .when(on(root, `/admins/${root.id}/disable`, current))
        .then([expectError(403, 'You cannot disable your own admin account')]);

      await spec()
        .when(
          on(root, `/admins/${secondId}/password`, { password: 'a new long password', ...current }),
        )
        .then([
          expectResponse(200),
          expectNewEvents(`admin-${secondId}`, [{ type: 'AdminPasswordReset' }]),
        ]);
      await spec()
        .when((request) => request.as(second).get('/api/rtm-sys/me'))
        .then([expectError(401)]);
      const again = await signInTo(roster, 'second_admin', 'a new long password');
      const secondCurrent = { currentPassword: 'a new long password' };

      // The second admin disables the first; then the first cannot be the last one disabled.
      await spec()
        .when(on(again, `/admins/${root.id}/disable`, { reason: 'Rotation', ...secondCurrent }))
        .then([expectResponse(200)]);
      await spec()
        .when((request) => request.as(root).get('/api/rtm-sys/posts'))
        .then([expectError(401)]);
      await spec()
        .when(on(again, `/admins/${secondId}/disable`, secondCurrent))
        .then([expectError(409, 'The last active admin cannot be disabled')]);
      await spec()
        .when((request) => request.as(again).get('/api/rtm-sys/admins'))
        .then([
          expectResponse(200, {
            body: expect.objectContaining({
              items: [
                expect.objectContaining({ username: 'root_admin', status: 'disabled' }),
                expect.objectContaining({ username: 'second_admin', status: 'active' }),
              ],
            }),
          }),
        ]);
      await spec()
        .when((request) =>
          request
            .post('/api/rtm-sys/login')
            .send({ username: 'root_admin', password: ADMIN.ADMIN_PASSWORD }),
        )
        .then([expectError(401)]);
      // A third admin cannot disable the only active other admin either: the last one stays.
      const third = await spec()
        .when(
          on(again, '/admins', {
            username: 'third_admin',
            password: 'third long password',
            ...secondCurrent,
          }),
        )
        .then([expectResponse(200)]);
      const thirdSession = await signInTo(roster, 'third_admin', 'third long password');
      const thirdCurrent = { currentPassword: 'third long password' };
      await spec()
        .when(on(thirdSession, `/admins/${second.id}/disable`, thirdCurrent))
        .then([expectResponse(200)]);
      await spec()
        .when(
          on(
            thirdSession,
            `/admins/${(third.body as Schema<'IdResponse'>).id}/disable`,
            thirdCurrent,
          ),
        )
        .then([expectError(409, 'The last active admin cannot be disabled')]);
    } finally {
      await roster.close();
    }
  });

  it('given a post and a report today, when an admin asks for the statistics, then per day and per week', async () => {
    const by = await signIn();
    const { author, postId, post } = await aPost();
    const reporter = await verifiedUser(app);
    const today = new Date().toISOString().slice(0, 10);

    const { body } = await apiSpec(app)
      .given(post, reportedPost(postId, reporter.user.id, author.user.id))
      .when((request) => request.as(by).get(`/api/rtm-sys/statistics?from=${today}&to=${today}`))
      .then([expectResponse(200)]);
    const stats = body as Schema<'StatisticsResponse'>;
    expect(stats.days).toHaveLength(1);
    expect(stats.days[0]).toMatchObject({ day: today });
    expect(stats.days[0].posts).toBeGreaterThan(0);
    expect(stats.days[0].reports).toBeGreaterThan(0);
    expect(stats.weeks).toHaveLength(1);
    for (const query of ['from=2026-13-01', 'from=2026-02-01&to=2026-01-01']) {
      await apiSpec(app)
        .when((request) => request.as(by).get(`/api/rtm-sys/statistics?${query}`))
        .then([expectError(400)]);
    }
  });

  it('given an admin’s actions of every kind, when the audit log is read, then each with who, what and why, newest first, filtered, and as CSV', async () => {
    const by = await signIn();
    const { author, postId, post } = await aPost();
    const { postId: removedPost, post: toRemove } = await aPost();
    const { postId: hiddenPost, post: toHide } = await aPost();
    const [first, second, third, fourth, member, other] = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => verifiedUser(app)),
    );
    const commentId = randomUUID();
    const ok = [expectResponse(200)];
    const admins = `admins-${randomUUID().slice(0, 8)}`.replace(/-/g, '_');
    const current = { currentPassword: ADMIN.ADMIN_PASSWORD };

    await apiSpec(app)
      .given(
        post,
        toRemove,
        toHide,
        postedComment({ commentId, postId, userId: member.user.id }, 'Off topic'),
        reportedPost(postId, first.user.id, author.user.id),
      )
      .when(act(by, 'patch', `/posts/${postId}`, { isModerated: true }))
      .then(ok);
    await apiSpec(app)
      .when(act(by, 'patch', `/posts/${postId}`, { isPublic: false, reason: 'Blurry' }))
      .then(ok);
    await apiSpec(app)
      .when(act(by, 'delete', `/posts/${removedPost}`, { reason: 'Not feet' }))
      .then(ok);
    await apiSpec(app)
      .when(act(by, 'delete', `/comments/${commentId}`, { reason: 'Off topic' }))
      .then(ok);
    // Reported by three accounts none of whose reports was dismissed: hidden.
    for (const reporter of [second, third, fourth]) {
      await apiSpec(app)
        .when(report(reporter, hiddenPost, 'Spam'))
        .then([expectResponse(201)]);
    }
    const [pending] = (await adminGet<Schema<'AdminReportPage'>>(by, `/reports?postId=${postId}`))
      .items;
    await apiSpec(app)
      .when(act(by, 'patch', `/reports/${pending.id}`, { status: 'dismissed' }))
      .then(ok);
    await apiSpec(app)
      .when(act(by, 'patch', `/users/${member.user.id}`, { isAdmin: true }))
      .then(ok);
    await apiSpec(app)
      .when(act(by, 'post', `/users/${member.user.id}/ban`, { reason: 'Spam' }))
      .then(ok);
    await apiSpec(app)
      .when(act(by, 'post', `/users/${other.user.id}/suspend`, { reason: 'Cool off' }))
      .then(ok);
    await apiSpec(app)
      .when(act(by, 'post', `/users/${other.user.id}/lift`))
      .then(ok);
    const created = await apiSpec(app)
      .when(
        act(by, 'post', '/admins', {
          username: admins,
          password: 'a long enough password',
          ...current,
        }),
      )
      .then(ok);
    const createdId = (created.body as Schema<'IdResponse'>).id;
    await apiSpec(app)
      .when(
        act(by, 'post', `/admins/${createdId}/password`, {
          password: 'another long enough password',
          ...current,
        }),
      )
      .then(ok);
    await apiSpec(app)
      .when(act(by, 'post', `/admins/${createdId}/disable`, { reason: 'Rotation', ...current }))
      .then(ok);

    const audit = await adminGet<Schema<'AuditPage'>>(by, '/audit?pageSize=100');
    const kinds = audit.items.map((e) => e.kind);
    for (const kind of [
      'PostApproved',
      'PostVisibilityChanged',
      'PostRemoved',
      'CommentDeleted',
      'ReportReviewed',
      'PostAutoHidden',
      'UserAdminFlagChanged',
      'UserBanned',
      'UserSuspended',
      'UserRestrictionLifted',
      'AdminCreated',
      'AdminPasswordReset',
      'AdminDisabled',
    ]) {
      expect(kinds).toContain(kind);
    }
    const ban = audit.items.find((e) => e.kind === 'UserBanned' && e.targetId === member.user.id)!;
    expect(ban).toMatchObject({ actorType: 'admin', actorName: 'root_admin', reason: 'Spam' });
    const times = audit.items.map((e) => e.at as string);
    expect([...times].sort().reverse()).toEqual(times);

    const bans = await adminGet<Schema<'AuditPage'>>(by, '/audit?kind=UserBanned');
    expect(bans.items.every((e) => e.kind === 'UserBanned')).toBe(true);
    const byTarget = await adminGet<Schema<'AuditPage'>>(by, `/audit?target=${member.user.id}`);
    expect(byTarget.items.every((e) => e.targetId === member.user.id)).toBe(true);
    expect(byTarget.items.map((e) => e.kind)).toContain('UserBanned');
    const future = await adminGet<Schema<'AuditPage'>>(by, '/audit?from=2999-01-01');
    expect(future.total).toBe(0);
    await apiSpec(app)
      .when((request) => request.as(by).get('/api/rtm-sys/audit?from=yesterday'))
      .then([expectError(400)]);

    const csv = await apiSpec(app)
      .when((request) => request.as(by).get('/api/rtm-sys/audit?kind=UserBanned&format=csv'))
      .then([
        expectResponse(200, { headers: { 'content-type': expect.stringMatching(/^text\/csv/) } }),
      ]);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,actorType,actor,kind,targetType,targetId,reason,changes,correlationId',
    );
    expect(lines[1]).toContain(',root_admin,UserBanned,user,');
  });

  it('given reports reviewed and posts moderated, when the read models are rebuilt from the log, then the audit log, the reports, the statistics and the posts read the same', async () => {
    const by = await signIn();
    const { author, postId, post } = await aPost();
    const reporter = await verifiedUser(app);
    await apiSpec(app)
      .given(post, reportedPost(postId, reporter.user.id, author.user.id))
      .when(act(by, 'patch', `/posts/${postId}`, { isPublic: false, reason: 'Checking it' }))
      .then([expectResponse(200)]);
    // The admin's session is in the log too: the same cookie still works after the rebuild.
    const login = await apiSpec(app)
      .when((request) =>
        request
          .post('/api/rtm-sys/login')
          .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
      )
      .then([expectResponse(200)]);
    const cookie = sessionCookieOf(login.headers['set-cookie'], 'admin_sid');
    const read = async () => {
      const pages: string[] = [];
      for (const path of [
        'audit?pageSize=100',
        'reports?pageSize=100',
        'statistics',
        'posts?pageSize=100',
      ]) {
        const page = await apiSpec(app)
          .when((request) => request.get(`/api/rtm-sys/${path}`).set('Cookie', cookie))
          .then([expectResponse(200)]);
        pages.push(page.text);
      }
      return pages;
    };
    const before = await read();
    expect(before[1]).toContain(postId);

    const dataDir = app.dataDir;
    await app.app.close();
    await rebuildReadModels(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    app = await startTestApp(ADMIN, dataDir);

    expect(await read()).toEqual(before);
  });
});
