import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type RegisteredUser, tokenFromMail, uniqueEmail } from '../support/accounts';
import { signedInAdmin } from '../support/admins';
import {
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  type ApiRequest,
} from '../support/api-specification';
import { verifiedUser } from '../support/community';
import { publishedPost } from '../support/community-history';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { HOUR_MS, TestClock } from '../support/test-clock';
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
  const admin = () => signedInAdmin(app, ADMIN);
  type Admin = Awaited<ReturnType<typeof admin>>;

  const report =
    (member: RegisteredUser, postId: string, body: object = { category: 'spam' }) =>
    (request: ApiRequest) =>
      request.as(member).post(`/api/posts/${postId}/report`).send(body);
  /** Each member reports the post in turn; answers what each report's tally said. */
  const reportAll = async (members: RegisteredUser[], postId: string) => {
    const tallies: Tallied[] = [];
    for (const member of members) {
      await apiSpec(app)
        .when(report(member, postId))
        .then([
          expectResponse(201),
          expectNewEvents(`report-${postId}-${member.user.id}`, [
            { type: 'PostReported', data: { postId, userId: member.user.id } },
          ]),
          async ({ newEvents }) => {
            const [tally] = await newEvents(`post-${postId}`);
            expect(tally.type).toBe('PostReportTallied');
            tallies.push(tally.data as Tallied);
          },
        ]);
    }
    return tallies;
  };
  const onBoard = async (postId: string) =>
    (
      (
        await apiSpec(app)
          .when((request) => request.get('/api/posts?limit=100'))
          .then([expectResponse(200)])
      ).body as Schema<'PostResponse'>[]
    )
      .map((post) => post.id)
      .includes(postId);
  const pendingReports = async (back: Admin, postId: string) =>
    (
      (
        await apiSpec(app)
          .when((request) =>
            request.as(back).get(`/api/rtm-sys/reports?postId=${postId}&status=pending`),
          )
          .then([expectResponse(200)])
      ).body as Reports
    ).items;
  const review = (back: Admin, reportId: string, status: 'dismissed' | 'reviewed') =>
    apiSpec(app)
      .when((request) =>
        request.as(back).patch(`/api/rtm-sys/reports/${reportId}`).send({ status }),
      )
      .then([expectResponse(200)]);

  it('given a post, when new accounts report it, then nothing is hidden, and when three accounts in good standing report it, then it is hidden', async () => {
    const author = await verifiedUser(app);
    const postId = randomUUID();
    const old = await veterans(3);
    const newcomers = [await verifiedUser(app), await verifiedUser(app), await verifiedUser(app)];

    const [first, ...others] = newcomers;
    await apiSpec(app)
      .given(publishedPost(postId, author.user.id))
      .when(report(first, postId))
      .then([
        expectResponse(201),
        expectNewEvents(`post-${postId}`, [
          {
            type: 'PostReportTallied',
            data: { postId, reporterId: first.user.id, counts: false, heldOut: ['young-account'] },
          },
        ]),
      ]);
    const tallies = await reportAll(others, postId);
    expect(await onBoard(postId)).toBe(true);
    expect(tallies).toEqual(
      others.map(({ user }) => ({
        ...{ postId, reportId: expect.any(String), reporterId: user.id },
        ...{ counts: false, heldOut: ['young-account'] },
      })),
    );

    await reportAll(old.slice(0, 2), postId);
    expect(await onBoard(postId)).toBe(true);
    await apiSpec(app)
      .when(report(old[2], postId))
      .then([
        expectResponse(201),
        expectNewEvents(`post-${postId}`, [
          { type: 'PostReportTallied', data: { reporterId: old[2].user.id, counts: true } },
          {
            type: 'PostAutoHidden',
            data: { reporterCount: 3, reporterIds: old.map(({ user }) => user.id) },
            metadata: { actor: { type: 'system', id: 'auto-hide' } },
          },
        ]),
      ]);
    expect(await onBoard(postId)).toBe(false);
  });

  it('given accounts from a burst of sign-ups, when three of them report a post, then none counts', async () => {
    const author = await verifiedUser(app);
    const postId = randomUUID();
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

    await apiSpec(app)
      .given(publishedPost(postId, author.user.id))
      .when(report(burst[0], postId))
      .then([
        expectResponse(201),
        expectNewEvents(`post-${postId}`, [
          { type: 'PostReportTallied', data: { counts: false, heldOut: ['cluster'] } },
        ]),
      ]);
    const tallies = await reportAll(burst.slice(1, 3), postId);
    expect(await onBoard(postId)).toBe(true);
    expect(tallies.map((t) => t.heldOut)).toEqual([['cluster'], ['cluster']]);
  });

  it('given a post hidden by three reports an admin dismissed, when the same reporters report it or another post again, then their reports do not count for 30 days', async () => {
    const author = await verifiedUser(app);
    const [postId, otherPost] = [randomUUID(), randomUUID()];
    const reporters = await veterans(3);
    await apiSpec(app)
      .given(publishedPost(postId, author.user.id), publishedPost(otherPost, author.user.id))
      .when(report(reporters[0], postId))
      .then([expectResponse(201)]);
    await reportAll(reporters.slice(1), postId);
    expect(await onBoard(postId)).toBe(false);

    const back = await admin();
    for (const { id } of await pendingReports(back, postId)) await review(back, id, 'dismissed');
    expect(await onBoard(postId)).toBe(true);

    // Right after the dismissals, the same three report the post again, and another one.
    expect(await reportAll(reporters, postId)).toEqual(
      reporters.map(({ user }) =>
        expect.objectContaining({
          reporterId: user.id,
          counts: false,
          heldOut: ['recently-dismissed', 'overruled'],
        }),
      ),
    );
    expect(await onBoard(postId)).toBe(true);
    expect((await reportAll(reporters, otherPost)).map((t) => t.heldOut)).toEqual([
      ['recently-dismissed'],
      ['recently-dismissed'],
      ['recently-dismissed'],
    ]);
    expect(await onBoard(otherPost)).toBe(true);
  });

  it('given a post hidden by reports, when an admin approves it, then it is shown and the reporters then waiting cannot hide it again', async () => {
    const author = await verifiedUser(app);
    const postId = randomUUID();
    const [first, second, third, newcomer] = await veterans(4);
    await apiSpec(app)
      .given(publishedPost(postId, author.user.id))
      .when(report(first, postId))
      .then([expectResponse(201)]);
    await reportAll([second, third], postId);
    expect(await onBoard(postId)).toBe(false);

    const back = await admin();
    await apiSpec(app)
      .when((request) =>
        request.as(back).patch(`/api/rtm-sys/posts/${postId}`).send({ isModerated: true }),
      )
      .then([
        expectResponse(200),
        expectNewEvents(`post-${postId}`, [
          { type: 'PostApproved', data: { postId } },
          { type: 'PostVisibilityChanged', data: { isPublic: true } },
        ]),
      ]);
    expect(await onBoard(postId)).toBe(true);
    // Two of the reports are marked reviewed (not dismissed): their authors may report again.
    const pending = await pendingReports(back, postId);
    for (const reported of pending.filter((r) => r.reporterId !== third.user.id)) {
      await review(back, reported.id, 'reviewed');
    }
    expect((await reportAll([first, second, newcomer], postId)).map((t) => t.heldOut)).toEqual([
      ['overruled'],
      ['overruled'],
      [],
    ]);
    expect(await onBoard(postId)).toBe(true);
    const autoHides = (await app.events.readStream(`post-${postId}`)).filter(
      (event) => event.type === 'PostAutoHidden',
    );
    expect(autoHides).toHaveLength(1);
  });

  it.each([
    [{ category: 'feet' }, CATEGORY_INVALID],
    [{ category: null, reason: 'Spam' }, CATEGORY_INVALID],
    [{}, 'Please provide a reason for reporting this post'],
    [{ reason: '   ' }, 'Please provide a reason for reporting this post'],
    [{ category: 'minor', reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
    [{ category: 'spam', note: 'unknown field' }, 'property note should not exist'],
  ] as const)(
    'given a post, when a member reports it with %j, then 400 %p and nothing recorded',
    async (body, message) => {
      const [author, member] = [await verifiedUser(app), await verifiedUser(app)];
      const postId = randomUUID();

      await apiSpec(app)
        .given(publishedPost(postId, author.user.id))
        .when(report(member, postId, body))
        .then([
          expectError(400, message),
          expectNoNewEvents(`report-${postId}-${member.user.id}`),
          expectNoNewEvents(`post-${postId}`),
        ]);
    },
  );

  it('given a post, when members report it with a category, with words alone, or with both, then the words alone are of the other category and the admins see each as sent', async () => {
    const author = await verifiedUser(app);
    const postId = randomUUID();
    const [chooser, oldClient, wordy] = [
      await verifiedUser(app),
      await verifiedUser(app),
      await verifiedUser(app),
    ];

    await apiSpec(app)
      .given(publishedPost(postId, author.user.id))
      .when(report(chooser, postId, { category: 'face_or_person' }))
      .then([
        expectResponse(201),
        expectNewEvents(`report-${postId}-${chooser.user.id}`, [
          { type: 'PostReported', data: { category: 'face_or_person', reason: '' } },
        ]),
      ]);
    await apiSpec(app)
      .when(report(oldClient, postId, { reason: 'Not feet at all' }))
      .then([expectResponse(201)]);
    await apiSpec(app)
      .when(report(wordy, postId, { category: 'harassment', reason: ' Mocks a member ' }))
      .then([expectResponse(201)]);

    const back = await admin();
    const listed = await apiSpec(app)
      .when((request) => request.as(back).get(`/api/rtm-sys/reports?postId=${postId}`))
      .then([expectResponse(200)]);
    const byReporter = new Map((listed.body as Reports).items.map((r) => [r.reporterId, r]));
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
  });

  it('given a report recorded before categories, when the admins list the post’s reports, then it is of the other category', async () => {
    const [author, reporter] = [await verifiedUser(app), await verifiedUser(app)];
    const postId = randomUUID();
    const reportId = randomUUID();
    const back = await admin();

    await apiSpec(app)
      .given(
        publishedPost(postId, author.user.id),
        existingStream(`report-${postId}-${reporter.user.id}`, [
          {
            type: 'PostReported',
            data: {
              ...{ reportId, postId, userId: reporter.user.id, authorId: author.user.id },
              reason: 'Written before categories',
            },
            metadata: { actor: { type: 'user', id: reporter.user.id } },
          },
        ]),
      )
      .when((request) => request.as(back).get(`/api/rtm-sys/reports?postId=${postId}`))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({
            items: [
              expect.objectContaining({
                id: reportId,
                category: 'other',
                reason: 'Written before categories',
                status: 'pending',
              }),
            ],
          }),
        }),
      ]);
  });
});
