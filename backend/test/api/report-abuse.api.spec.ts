import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  eventsOf,
  type RegisteredUser,
  sessionCookieOf,
  tokenFromMail,
  uniqueEmail,
} from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { HOUR_MS, TestClock } from '../support/test-clock';
import { until } from '../support/until';
import type { Schema } from '../support/api-types';

/** One proxy in front: the client is the address it appends last to X-Forwarded-For. */
const from = (address: string) => ({ 'X-Forwarded-For': `203.0.113.250, ${address}` });
const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };
const CATEGORY_INVALID =
  'Category must be one of: face_or_person, nudity, not_feet, not_own_photo, minor, spam, harassment, other';

type Reports = Schema<'AdminReportPage'>;
/** The event's data (PostReportTallied), not an answer of the api. */
interface Tallied {
  reporterId: string;
  counts: boolean;
  heldOut: string[];
}

/**
 * Reports over HTTP: which ones hide a post before a moderator looks (accounts in good standing,
 * not overruled on the post), and the categories they carry. The test clock ages accounts past
 * REPORT_MIN_ACCOUNT_AGE_HOURS.
 */
describe('reports that cannot be abused to hide posts', () => {
  let app: TestApp;
  let clock: TestClock;

  beforeAll(async () => {
    clock = new TestClock(new Date('2026-11-16T09:00:00.000Z'));
    app = await startTestApp(
      {
        ...ADMIN,
        ...ROOMY_WRITE_LIMITS,
        TRUST_PROXY: '1',
        REPORT_AUTO_HIDE: '3',
        REPORT_MIN_ACCOUNT_AGE_HOURS: '72',
      },
      undefined,
      { clock },
    );
  });
  afterAll(() => app.close());

  /** Accounts registered now, then made older than the configured age. */
  async function veterans(count: number): Promise<RegisteredUser[]> {
    const accounts: RegisteredUser[] = [];
    for (let i = 0; i < count; i += 1) accounts.push(await verifiedUser(app));
    clock.advance(73 * HOUR_MS);
    return accounts;
  }

  /** An admin session of this moment (the test clock outruns an admin session's hours). */
  async function admin() {
    const signedIn = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    const cookie = sessionCookieOf(signedIn.headers['set-cookie'], 'admin_sid');
    return {
      get: (path: string) => request(app.server).get(`/api/rtm-sys${path}`).set('Cookie', cookie),
      patch: (path: string) =>
        request(app.server).patch(`/api/rtm-sys${path}`).set('Cookie', cookie),
    };
  }

  const report = (member: RegisteredUser, postId: string, body: object = { category: 'spam' }) =>
    member.agent.post(`/api/posts/${postId}/report`).send(body);
  const reportAll = async (members: RegisteredUser[], postId: string) => {
    for (const member of members) await report(member, postId).expect(201);
  };
  const onBoard = async (postId: string) =>
    (
      (await request(app.server).get('/api/posts?limit=100').expect(200))
        .body as Schema<'PostResponse'>[]
    )
      .map((post) => post.id)
      .includes(postId);
  const tallies = async (postId: string): Promise<Tallied[]> =>
    (await eventsOf(app, `post-${postId}`))
      .filter((event) => event.type === 'PostReportTallied')
      .map((event) => event.data as Tallied);
  const autoHides = async (postId: string) =>
    (await eventsOf(app, `post-${postId}`)).filter((event) => event.type === 'PostAutoHidden');

  it('hides nothing on reports from new accounts, and hides the post on three from accounts in good standing', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const old = await veterans(3);
    const newcomers = [await verifiedUser(app), await verifiedUser(app), await verifiedUser(app)];

    await reportAll(newcomers, postId);
    expect(await onBoard(postId)).toBe(true);
    expect(await tallies(postId)).toEqual(
      newcomers.map(({ user }) => ({
        ...{ postId, reportId: expect.any(String), reporterId: user.id },
        ...{ counts: false, heldOut: ['young-account'] },
      })),
    );

    await reportAll(old.slice(0, 2), postId);
    expect(await onBoard(postId)).toBe(true);
    await report(old[2], postId).expect(201);
    expect(await onBoard(postId)).toBe(false);
    const [hidden] = await autoHides(postId);
    expect(hidden.data).toMatchObject({
      reporterCount: 3,
      reporterIds: old.map(({ user }) => user.id),
    });
    expect(hidden.metadata.actor).toEqual({ type: 'system', id: 'auto-hide' });
  });

  it('counts no report from an account in a burst of sign-ups', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const burst: RegisteredUser[] = [];
    for (let host = 1; host <= 4; host += 1) {
      const agent = request.agent(app.server);
      const email = uniqueEmail('burst');
      const registered = await agent
        .post('/api/auth/register')
        .set(from(`100.64.9.${host}`))
        .send({ email, password: 'correct horse battery' })
        .expect(201);
      const token = await tokenFromMail(app, email, '/verify-email');
      await agent.post('/api/auth/verify-email').send({ token }).expect(200);
      burst.push({ agent, user: registered.body, email } as RegisteredUser);
    }
    clock.advance(73 * HOUR_MS);

    await reportAll(burst.slice(0, 3), postId);
    expect(await onBoard(postId)).toBe(true);
    expect((await tallies(postId)).map((t) => t.heldOut)).toEqual([
      ['cluster'],
      ['cluster'],
      ['cluster'],
    ]);
  });

  it('does not let reporters whose reports were dismissed hide the post again, nor any post for 30 days', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const otherPost = await publishPost(app, author);
    const reporters = await veterans(3);
    await reportAll(reporters, postId);
    expect(await onBoard(postId)).toBe(false);

    const back = await admin();
    const pending = (await back.get(`/reports?postId=${postId}&status=pending`).expect(200))
      .body as Reports;
    for (const { id } of pending.items) {
      await back.patch(`/reports/${id}`).send({ status: 'dismissed' }).expect(200);
    }
    expect(await onBoard(postId)).toBe(true);

    // Right after the dismissals, the same three report the post again, and another one.
    await reportAll(reporters, postId);
    expect(await onBoard(postId)).toBe(true);
    expect((await tallies(postId)).slice(-3)).toEqual(
      reporters.map(({ user }) =>
        expect.objectContaining({
          reporterId: user.id,
          counts: false,
          heldOut: ['recently-dismissed', 'overruled'],
        }),
      ),
    );
    await reportAll(reporters, otherPost);
    expect(await onBoard(otherPost)).toBe(true);
    expect((await tallies(otherPost)).map((t) => t.heldOut)).toEqual([
      ['recently-dismissed'],
      ['recently-dismissed'],
      ['recently-dismissed'],
    ]);
  });

  it('shows a post an admin approved and lets the reporters waiting then not hide it again', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const [first, second, third, newcomer] = await veterans(4);
    await reportAll([first, second, third], postId);
    expect(await onBoard(postId)).toBe(false);

    const back = await admin();
    await back.patch(`/posts/${postId}`).send({ isModerated: true }).expect(200);
    expect(await onBoard(postId)).toBe(true);
    // Two of the reports are marked reviewed (not dismissed): their authors may report again.
    const pending = (await back.get(`/reports?postId=${postId}&status=pending`).expect(200))
      .body as Reports;
    for (const reported of pending.items.filter((r) => r.reporterId !== third.user.id)) {
      await back.patch(`/reports/${reported.id}`).send({ status: 'reviewed' }).expect(200);
    }
    await reportAll([first, second, newcomer], postId);
    expect(await onBoard(postId)).toBe(true);
    expect((await tallies(postId)).slice(-3).map((t) => t.heldOut)).toEqual([
      ['overruled'],
      ['overruled'],
      [],
    ]);
    expect(await autoHides(postId)).toHaveLength(1);
  });

  it('takes a category with optional words, or words alone as the other category, and refuses anything else', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const [chooser, oldClient, wordy] = [
      await verifiedUser(app),
      await verifiedUser(app),
      await verifiedUser(app),
    ];

    for (const [body, message] of [
      [{ category: 'feet' }, CATEGORY_INVALID],
      [{ category: null, reason: 'Spam' }, CATEGORY_INVALID],
      [{}, 'Please provide a reason for reporting this post'],
      [{ reason: '   ' }, 'Please provide a reason for reporting this post'],
      [{ category: 'minor', reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
      [{ category: 'spam', note: 'unknown field' }, 'property note should not exist'],
    ] as const) {
      const refused = await report(chooser, postId, body).expect(400);
      expect(refused.body).toEqual({ message });
    }

    await report(chooser, postId, { category: 'face_or_person' }).expect(201);
    await report(oldClient, postId, { reason: 'Not feet at all' }).expect(201);
    await report(wordy, postId, { category: 'harassment', reason: ' Mocks a member ' }).expect(201);

    const back = await admin();
    const listed = (await back.get(`/reports?postId=${postId}`).expect(200)).body as Reports;
    const byReporter = new Map(listed.items.map((r) => [r.reporterId, r]));
    expect(byReporter.get(chooser.user.id)).toMatchObject({
      category: 'face_or_person',
      reason: '',
    });
    expect(byReporter.get(oldClient.user.id)).toMatchObject({
      category: 'other',
      reason: 'Not feet at all',
    });
    expect(byReporter.get(wordy.user.id)).toMatchObject({
      category: 'harassment',
      reason: 'Mocks a member',
    });
    const [event] = await eventsOf(app, `report-${postId}-${chooser.user.id}`);
    expect(event.data).toMatchObject({ category: 'face_or_person', reason: '' });
  });

  it('lists a report recorded before categories as of the other category', async () => {
    const author = await verifiedUser(app);
    const reporter = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const reportId = randomUUID();
    await app.events.appendToStream(`report-${postId}-${reporter.user.id}`, [
      {
        id: randomUUID(),
        type: 'PostReported',
        data: {
          ...{ reportId, postId, userId: reporter.user.id, authorId: author.user.id },
          reason: 'Written before categories',
        },
        metadata: {
          actor: { type: 'user', id: reporter.user.id },
          correlationId: 'c',
          causationId: 'c',
          at: clock.now().toISOString(),
        },
      },
    ]);
    const back = await admin();
    let listed: Reports['items'] = [];
    await until(async () => {
      listed = ((await back.get(`/reports?postId=${postId}`).expect(200)).body as Reports).items;
      return listed.length === 1;
    });
    expect(listed[0]).toMatchObject({
      id: reportId,
      category: 'other',
      reason: 'Written before categories',
      status: 'pending',
    });
  });
});
