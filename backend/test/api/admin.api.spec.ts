import request from 'supertest';
import { rebuildReadModels } from '../../src/cli/rebuild-read-models';
import { loadConfig } from '../../src/config/config';
import { eventsOf, sessionCookieOf } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const ADMIN = {
  ADMIN_USERNAME: 'root_admin',
  ADMIN_PASSWORD: 'a long admin password',
  REPORT_AUTO_HIDE: '3',
};

describe('the admin back office', () => {
  let app: TestApp;
  let dataDir: string;
  let cookie: string;
  let adminId: string;

  const signIn = async (username = 'root_admin', password = ADMIN.ADMIN_PASSWORD) => {
    const response = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username, password })
      .expect(200);
    return {
      cookie: sessionCookieOf(response.headers['set-cookie'], 'admin_sid'),
      id: (response.body as Schema<'AdminResponse'>).id,
    };
  };
  const as = (c = cookie) => ({
    get: (path: string) => request(app.server).get(`/api/rtm-sys${path}`).set('Cookie', c),
    patch: (path: string) => request(app.server).patch(`/api/rtm-sys${path}`).set('Cookie', c),
    post: (path: string) => request(app.server).post(`/api/rtm-sys${path}`).set('Cookie', c),
    delete: (path: string) => request(app.server).delete(`/api/rtm-sys${path}`).set('Cookie', c),
  });
  const board = async () =>
    (
      (await request(app.server).get('/api/posts?limit=100').expect(200))
        .body as Schema<'PostResponse'>[]
    ).map((post) => post.id);

  beforeAll(async () => {
    app = await startTestApp(ADMIN);
    dataDir = app.dataDir;
    ({ cookie, id: adminId } = await signIn());
  });
  afterAll(() => app.close());

  it('opens to an admin session only: none, or a user session even flagged isAdmin, is refused', async () => {
    const member = await verifiedUser(app);
    await as().patch(`/users/${member.user.id}`).send({ isAdmin: true }).expect(200);
    const routes = [
      '/posts',
      '/comments',
      '/reports',
      '/users',
      '/admins',
      '/audit',
      '/statistics',
    ];
    for (const path of routes) {
      const anonymous = await request(app.server).get(`/api/rtm-sys${path}`).expect(401);
      expect(anonymous.body).toEqual({ message: 'Please sign in as an admin to continue.' });
      await member.agent.get(`/api/rtm-sys${path}`).expect(401);
    }
    expect((await member.agent.get('/api/auth/me').expect(200)).body).toMatchObject({
      isAdmin: true,
    });
  });

  it('refuses a cross-site admin action', async () => {
    const response = await as()
      .post('/admins')
      .set('Origin', 'https://evil.example')
      .send({ username: 'evil_admin', password: 'x'.repeat(20) })
      .expect(403);
    expect(response.body).toEqual({ message: 'Cross-site request refused' });
  });

  it('lists posts pending review, approves once (409 after), hides and shows, removes with a reason', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const pending = (await as().get('/posts?filter=pending&pageSize=100').expect(200))
      .body as Schema<'AdminPostPage'>;
    expect(pending.items.map((p) => p.id)).toContain(postId);
    expect(pending.items.find((p) => p.id === postId)).toMatchObject({
      isModerated: false,
      author: { id: author.user.id, email: author.email },
    });

    const approved = await as().patch(`/posts/${postId}`).send({ isModerated: true }).expect(200);
    expect(approved.body).toMatchObject({ isModerated: true, listed: true });
    const again = await as().patch(`/posts/${postId}`).send({ isModerated: true }).expect(409);
    expect(again.body).toEqual({ message: 'This post has already been approved' });
    await as().patch(`/posts/${postId}`).send({ isModerated: false }).expect(400);
    await as().patch(`/posts/${postId}`).send({}).expect(400);

    await as().patch(`/posts/${postId}`).send({ isPublic: false, reason: 'Blurry' }).expect(200);
    expect(await board()).not.toContain(postId);
    await request(app.server).get(`/api/posts/${postId}`).expect(404);
    await as().patch(`/posts/${postId}`).send({ isPublic: true }).expect(200);
    expect(await board()).toContain(postId);

    const noReason = await as().delete(`/posts/${postId}`).send({ reason: ' ' }).expect(400);
    expect(noReason.body).toEqual({ message: 'Please give a reason' });
    const removed = await as().delete(`/posts/${postId}`).send({ reason: 'Not feet' }).expect(200);
    expect(removed.body).toMatchObject({ removed: true, listed: false, removalReason: 'Not feet' });
    expect(await board()).not.toContain(postId);
    await author.agent.get(`/api/posts/${postId}`).expect(404);
    await as().patch(`/posts/${postId}`).send({ isPublic: true }).expect(404);
    await as().get('/posts/not-a-post').expect(404);
  });

  it('lists and searches comments and deletes one with a reason', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const commenter = await verifiedUser(app);
    const text = `Lovely arches ${Date.now()}`;
    const posted = await commenter.agent
      .post(`/api/posts/${postId}/comments`)
      .send({ text })
      .expect(201);
    const commentId = (posted.body as Schema<'CommentResponse'>).id;
    const found = (
      await as()
        .get(`/comments?search=${encodeURIComponent(text)}`)
        .expect(200)
    ).body as Schema<'AdminCommentPage'>;
    expect(found.items).toEqual([
      expect.objectContaining({
        id: commentId,
        text,
        author: expect.objectContaining({ id: commenter.user.id }),
      }),
    ]);
    await as().delete(`/comments/${commentId}`).send({}).expect(400);
    await as().delete(`/comments/${commentId}`).send({ reason: 'Off topic' }).expect(200);
    const after = (await request(app.server).get(`/api/posts/${postId}/comments`).expect(200))
      .body as Schema<'CommentResponse'>[];
    expect(after).toEqual([]);
    await as().delete(`/comments/${commentId}`).send({ reason: 'Again' }).expect(404);
  });

  it('reviews a pending report once (409 the second time), pending first, hiding the post in the same step', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const first = await verifiedUser(app);
    const second = await verifiedUser(app);
    await first.agent
      .post(`/api/posts/${postId}/report`)
      .send({ reason: 'Shows a face' })
      .expect(201);
    await second.agent.post(`/api/posts/${postId}/report`).send({ reason: 'Spam' }).expect(201);
    const queue = (await as().get(`/reports?postId=${postId}`).expect(200))
      .body as Schema<'AdminReportPage'>;
    expect(queue.items).toHaveLength(2);
    expect(queue.items.every((r) => r.status === 'pending')).toBe(true);
    const [a, b] = queue.items;

    const dismissed = await as()
      .patch(`/reports/${a.id}`)
      .send({ status: 'dismissed' })
      .expect(200);
    expect(dismissed.body).toMatchObject({ status: 'dismissed', reviewedBy: 'root_admin' });
    const twice = await as().patch(`/reports/${a.id}`).send({ status: 'reviewed' }).expect(409);
    expect(twice.body).toEqual({ message: 'This report has already been reviewed' });
    expect(await board()).toContain(postId);

    await as().patch(`/reports/${b.id}`).send({ status: 'reviewed', hidePost: true }).expect(200);
    expect(await board()).not.toContain(postId);
    await as().patch(`/reports/${b.id}`).send({ status: 'bogus' }).expect(400);
    await as()
      .patch('/reports/00000000-0000-4000-8000-000000000000')
      .send({ status: 'reviewed' })
      .expect(404);

    const all = (await as().get('/reports?pageSize=100').expect(200))
      .body as Schema<'AdminReportPage'>;
    const firstReviewed = all.items.findIndex((r) => r.status !== 'pending');
    expect(all.items.slice(firstReviewed).every((r) => r.status !== 'pending')).toBe(true);
    const againstAuthor = (await as().get(`/users/${author.user.id}/reports`).expect(200))
      .body as Schema<'AdminReportPage'>;
    expect(againstAuthor.total).toBe(2);
  });

  it('auto-hides a post at the threshold of distinct accounts, not before, until a report is reviewed', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const reporters = [await verifiedUser(app), await verifiedUser(app), await verifiedUser(app)];
    await reporters[0].agent
      .post(`/api/posts/${postId}/report`)
      .send({ reason: 'One' })
      .expect(201);
    // The same account again is refused and counts once.
    await reporters[0].agent
      .post(`/api/posts/${postId}/report`)
      .send({ reason: 'Again' })
      .expect(409);
    await reporters[1].agent
      .post(`/api/posts/${postId}/report`)
      .send({ reason: 'Two' })
      .expect(201);
    expect(await board()).toContain(postId);
    await reporters[2].agent
      .post(`/api/posts/${postId}/report`)
      .send({ reason: 'Three' })
      .expect(201);
    expect(await board()).not.toContain(postId);
    const hidden = (await as().get(`/posts/${postId}`).expect(200))
      .body as Schema<'AdminPostResponse'>;
    expect(hidden).toMatchObject({ autoHidden: true, isPublic: true, pendingReports: 3 });
    // Its author sees it hidden too, on their own list.
    const ownPost = async () =>
      (
        (await author.agent.get('/api/user/posts').expect(200)).body as Schema<'OwnPostResponse'>[]
      ).find((post) => post.id === postId);
    expect(await ownPost()).toMatchObject({ isPublic: false });
    const autoHides = (await eventsOf(app, `post-${postId}`)).filter(
      (e) => e.type === 'PostAutoHidden',
    );
    expect(autoHides).toHaveLength(1);
    expect(autoHides[0].metadata.actor).toEqual({ type: 'system', id: 'auto-hide' });

    const [report] = (
      (await as().get(`/reports?postId=${postId}`).expect(200)).body as Schema<'AdminReportPage'>
    ).items;
    await as().patch(`/reports/${report.id}`).send({ status: 'dismissed' }).expect(200);
    expect(await board()).toContain(postId);
    expect(await ownPost()).toMatchObject({ isPublic: true });
  });

  it('searches users, gives and takes the staff flag, suspends, bans and lifts', async () => {
    const member = await verifiedUser(app);
    const postId = await publishPost(app, member);
    const other = await verifiedUser(app);
    const otherPost = await publishPost(app, other);
    const comment = await member.agent
      .post(`/api/posts/${otherPost}/comments`)
      .send({ text: 'From the soon banned' })
      .expect(201);

    const found = (
      await as()
        .get(`/users?search=${encodeURIComponent(member.email)}`)
        .expect(200)
    ).body as Schema<'AdminUserPage'>;
    expect(found.items).toEqual([
      expect.objectContaining({ id: member.user.id, status: 'active' }),
    ]);
    expect(
      (await as().patch(`/users/${member.user.id}`).send({ isAdmin: true }).expect(200)).body,
    ).toMatchObject({ isAdmin: true });
    await as().patch(`/users/${member.user.id}`).send({ isAdmin: false }).expect(200);
    await as().patch(`/users/${member.user.id}`).send({ isAdmin: 'yes' }).expect(400);

    await as().post(`/users/${member.user.id}/ban`).send({}).expect(400);
    const banned = await as()
      .post(`/users/${member.user.id}/ban`)
      .send({ reason: 'Spam' })
      .expect(200);
    expect(banned.body).toMatchObject({ status: 'banned', statusReason: 'Spam' });
    // Sessions end at once, sign-in is refused with a message, posts and comments are gone.
    await member.agent.get('/api/auth/me').expect(401);
    const signIn = await request(app.server)
      .post('/api/auth/login')
      .send({ email: member.email, password: member.password })
      .expect(403);
    expect(signIn.body).toEqual({
      message: 'Your account has been banned for breaking the community rules.',
    });
    expect(await board()).not.toContain(postId);
    await request(app.server).get(`/api/posts/${postId}`).expect(404);
    const comments = (await request(app.server).get(`/api/posts/${otherPost}/comments`).expect(200))
      .body as Schema<'CommentResponse'>[];
    expect(comments.map((c) => c.id)).not.toContain((comment.body as Schema<'CommentResponse'>).id);
    // The other post's count no longer counts the hidden comment, on its page and in the admin's.
    const commentsCount = async () => [
      (
        (await request(app.server).get(`/api/posts/${otherPost}`).expect(200))
          .body as Schema<'PostPageResponse'>
      ).commentsCount,
      ((await as().get(`/posts/${otherPost}`).expect(200)).body as Schema<'AdminPostResponse'>)
        .commentsCount,
    ];
    expect(await commentsCount()).toEqual([0, 0]);
    await as().post(`/users/${member.user.id}/ban`).send({ reason: 'Twice' }).expect(409);

    await as().post(`/users/${member.user.id}/lift`).send({ reason: 'Appeal' }).expect(200);
    expect(await board()).toContain(postId);
    expect(await commentsCount()).toEqual([1, 1]);
    await request(app.server)
      .post('/api/auth/login')
      .send({ email: member.email, password: member.password })
      .expect(200);

    const suspended = await as()
      .post(`/users/${other.user.id}/suspend`)
      .send({ reason: 'Cool off' })
      .expect(200);
    expect(suspended.body).toMatchObject({ status: 'suspended' });
    await other.agent.get('/api/auth/me').expect(401);
    expect(await board()).toContain(otherPost);
    await as().post(`/users/${other.user.id}/lift`).send({}).expect(200);
    await as().post(`/users/${other.user.id}/lift`).send({}).expect(409);
    await as()
      .post('/users/00000000-0000-4000-8000-000000000000/ban')
      .send({ reason: 'x' })
      .expect(404);
  });

  it('creates admins, resets a password, disables another but never itself or the last one', async () => {
    const current = { currentPassword: ADMIN.ADMIN_PASSWORD };
    const created = await as()
      .post('/admins')
      .send({ username: 'second_admin', password: 'another long password', ...current })
      .expect(200);
    const secondId = (created.body as Schema<'IdResponse'>).id;
    await as()
      .post('/admins')
      .send({ username: 'second_admin', password: 'yet another admin passphrase', ...current })
      .expect(409);
    await as()
      .post('/admins')
      .send({ username: 'short_pw', password: 'short', ...current })
      .expect(400);
    const second = await signIn('second_admin', 'another long password');

    const self = await as().post(`/admins/${adminId}/disable`).send(current).expect(403);
    expect(self.body).toEqual({ message: 'You cannot disable your own admin account' });

    await as()
      .post(`/admins/${secondId}/password`)
      .send({ password: 'a new long password', ...current })
      .expect(200);
    await as(second.cookie).get('/me').expect(401);
    const again = await signIn('second_admin', 'a new long password');
    const secondCurrent = { currentPassword: 'a new long password' };

    // The second admin disables the first; then the first cannot be the last one disabled.
    await as(again.cookie)
      .post(`/admins/${adminId}/disable`)
      .send({ reason: 'Rotation', ...secondCurrent })
      .expect(200);
    await as().get('/posts').expect(401);
    const last = await as(again.cookie)
      .post(`/admins/${secondId}/disable`)
      .send(secondCurrent)
      .expect(409);
    expect(last.body).toEqual({ message: 'The last active admin cannot be disabled' });
    const list = (await as(again.cookie).get('/admins').expect(200))
      .body as Schema<'AdminAccountPage'>;
    expect(list.items.map((a) => [a.username, a.status])).toEqual([
      ['root_admin', 'disabled'],
      ['second_admin', 'active'],
    ]);
    await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: 'root_admin', password: ADMIN.ADMIN_PASSWORD })
      .expect(401);
    // A third admin cannot disable the only active other admin either: the last one stays.
    const third = await as(again.cookie)
      .post('/admins')
      .send({ username: 'third_admin', password: 'third long password', ...secondCurrent })
      .expect(200);
    const thirdSession = await signIn('third_admin', 'third long password');
    const thirdCurrent = { currentPassword: 'third long password' };
    await as(thirdSession.cookie)
      .post(`/admins/${second.id}/disable`)
      .send(thirdCurrent)
      .expect(200);
    const lastOne = await as(thirdSession.cookie)
      .post(`/admins/${(third.body as Schema<'IdResponse'>).id}/disable`)
      .send(thirdCurrent)
      .expect(409);
    expect(lastOne.body).toEqual({ message: 'The last active admin cannot be disabled' });
    cookie = thirdSession.cookie;
    adminId = (third.body as Schema<'IdResponse'>).id;
  });

  it('answers statistics per day and per week', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const stats = (await as().get(`/statistics?from=${today}&to=${today}`).expect(200))
      .body as Schema<'StatisticsResponse'>;
    expect(stats.days).toHaveLength(1);
    expect(stats.days[0]).toMatchObject({ day: today });
    expect(stats.days[0].posts).toBeGreaterThan(0);
    expect(stats.days[0].reports).toBeGreaterThan(0);
    expect(stats.weeks).toHaveLength(1);
    await as().get('/statistics?from=2026-13-01').expect(400);
    await as().get('/statistics?from=2026-02-01&to=2026-01-01').expect(400);
  });

  it('lists every admin action in the audit log with who, what and why, filters it, exports CSV', async () => {
    const audit = (await as().get('/audit?pageSize=100').expect(200)).body as Schema<'AuditPage'>;
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
    const ban = audit.items.find((e) => e.kind === 'UserBanned')!;
    expect(ban).toMatchObject({ actorType: 'admin', actorName: 'root_admin', reason: 'Spam' });
    const times = audit.items.map((e) => e.at as string);
    expect([...times].sort().reverse()).toEqual(times);

    const bans = (await as().get('/audit?kind=UserBanned').expect(200)).body as Schema<'AuditPage'>;
    expect(bans.items.every((e) => e.kind === 'UserBanned')).toBe(true);
    const byTarget = (
      await as()
        .get(`/audit?target=${ban.targetId as string}`)
        .expect(200)
    ).body as Schema<'AuditPage'>;
    expect(byTarget.items.every((e) => e.targetId === ban.targetId)).toBe(true);
    const future = (await as().get('/audit?from=2999-01-01').expect(200))
      .body as Schema<'AuditPage'>;
    expect(future.total).toBe(0);
    await as().get('/audit?from=yesterday').expect(400);

    const csv = await as().get('/audit?kind=UserBanned&format=csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,actorType,actor,kind,targetType,targetId,reason,changes,correlationId',
    );
    expect(lines[1]).toContain(',root_admin,UserBanned,user,');
  });

  it('rebuilds the audit log, the reports and the statistics identically from the log', async () => {
    const read = async () => [
      (await as().get('/audit?pageSize=100').expect(200)).text,
      (await as().get('/reports?pageSize=100').expect(200)).text,
      (await as().get('/statistics').expect(200)).text,
      (await as().get('/posts?pageSize=100').expect(200)).text,
    ];
    const before = await read();
    await app.app.close();
    await rebuildReadModels(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    app = await startTestApp(ADMIN, dataDir);
    expect(await read()).toEqual(before);
  });
});
