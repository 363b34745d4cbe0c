import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { StrikesReactor } from '../../src/application/moderation/strikes-reactor';
import {
  PROJECTION_PROGRESS,
  type ProjectionProgress,
} from '../../src/application/shared/projection-progress';
import { COMMENT_REFUSALS } from '../../src/domain/comment/comment-filter';
import { postingSuspendedMessage } from '../../src/domain/user/strikes.decider';
import { eventsOf, type RegisteredUser, registerUser, sessionCookieOf } from '../support/accounts';
import { publishPost, uploadRating, verifiedUser } from '../support/community';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, TestClock } from '../support/test-clock';
import { makeJpeg } from '../support/test-images';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };
const OFFENSIVE = ['what a fucking mess', 'sh1t feet', 'f u c k this'];

describe('filtered comments and strikes', () => {
  const clock = new TestClock();
  let app: TestApp;
  let adminCookie: string;
  let author: RegisteredUser;
  let postId: string;

  beforeAll(async () => {
    app = await startTestApp(
      { ...ADMIN, ...ROOMY_WRITE_LIMITS, UPLOAD_LIMIT_PER_HOUR: '100000' },
      undefined,
      {
        clock,
      },
    );
    author = await verifiedUser(app);
    postId = await publishPost(app, author);
  });
  afterAll(() => app.close());
  // The test clock moves by weeks, past an admin session's life: each test signs in afresh.
  beforeEach(async () => {
    const login = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    adminCookie = sessionCookieOf(login.headers['set-cookie'], 'admin_sid');
  });

  const admin = {
    get: (path: string) =>
      request(app.server).get(`/api/rtm-sys${path}`).set('Cookie', adminCookie),
    post: (path: string) =>
      request(app.server).post(`/api/rtm-sys${path}`).set('Cookie', adminCookie),
    patch: (path: string) =>
      request(app.server).patch(`/api/rtm-sys${path}`).set('Cookie', adminCookie),
  };
  const comment = (user: RegisteredUser, text: string, on = postId) =>
    user.agent.post(`/api/posts/${on}/comments`).send({ text });

  /** Waits until the strikes reactor has seen the log so far and the read models include it. */
  async function strikesSettled() {
    const reactor = app.app.get(StrikesReactor);
    const head = (await app.events.headPosition()) ?? 0n;
    while ((reactor.handledThrough ?? -1n) < head) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const after = await app.events.headPosition();
    await app.app.get<ProjectionProgress>(PROJECTION_PROGRESS).waitFor(after);
  }

  const strikesOf = async (user: RegisteredUser) => {
    await strikesSettled();
    return (await admin.get(`/users/${user.user.id}/strikes`).expect(200))
      .body as Schema<'UserStrikesResponse'>;
  };

  it('refuses an offensive comment with 400 and why, records the refusal, and posts nothing', async () => {
    const member = await verifiedUser(app);
    const refused = await comment(member, 'What a FUCKING mess').expect(400);
    expect(refused.body).toEqual({ message: COMMENT_REFUSALS.offensive });
    const comments = (await request(app.server).get(`/api/posts/${postId}/comments`).expect(200))
      .body as unknown[];
    expect(JSON.stringify(comments)).not.toContain('mess');
    const all = await app.events.readAll();
    expect(
      all.filter((e) => e.type === 'CommentRefused' && e.metadata.actor.id === member.user.id),
    ).toHaveLength(1);
    expect((await strikesOf(member)).strikes.map((s) => s.cause)).toEqual([
      expect.objectContaining({ kind: 'comment_refused', reason: 'offensive', postId }),
    ]);
  });

  it('refuses a link from an account younger than 7 days, without a strike, and takes it at 7 days', async () => {
    const member = await verifiedUser(app);
    const refused = await comment(member, 'More at www.my-feet.example').expect(400);
    expect(refused.body).toEqual({ message: COMMENT_REFUSALS.link });
    expect((await strikesOf(member)).strikes).toEqual([]);
    clock.advance(7 * DAY_MS);
    await comment(member, 'More at www.my-feet.example').expect(201);
  });

  it('refuses the same comment on another post the same day', async () => {
    const member = await verifiedUser(app);
    const other = await publishPost(app, author);
    const text = 'Follow me for more pictures of lovely feet';
    await comment(member, text).expect(201);
    const refused = await comment(member, `  ${text.toUpperCase()} `, other).expect(400);
    expect(refused.body).toEqual({ message: COMMENT_REFUSALS.repeated });
  });

  it('suspends posting, commenting and rating for 7 days at the third strike, saying until when', async () => {
    const member = await verifiedUser(app);
    const rating = await uploadRating(app);
    for (const text of OFFENSIVE) await comment(member, text).expect(400);
    await strikesSettled();
    const until = new Date(clock.now().getTime() + 7 * DAY_MS).toISOString();
    const message = postingSuspendedMessage(until);

    const own = await member.agent.get('/api/user/posting-suspension').expect(200);
    expect(own.body).toEqual({ suspendedUntil: until, message });
    expect((await comment(member, 'Lovely arches').expect(403)).body).toEqual({ message });
    const rate = await member.agent
      .post('/api/ratings/submit')
      .send({ postId, overallScore: 8 })
      .expect(403);
    expect(rate.body).toEqual({ message });
    const publish = await member.agent.post('/api/posts/publish').send(rating).expect(403);
    expect(publish.body).toEqual({ message });
    // Liking and reporting stay open.
    await member.agent.post(`/api/posts/${postId}/like`).expect(200);

    clock.advance(7 * DAY_MS);
    await comment(member, 'Lovely arches').expect(201);
    await member.agent.post('/api/posts/publish').send(rating).expect(201);
    expect((await member.agent.get('/api/user/posting-suspension').expect(200)).body).toEqual({
      suspendedUntil: null,
      message: null,
    });
  });

  it('strikes an upheld report (once per post) and a refused photo, shows them to admins, who lift the suspension with a reason', async () => {
    const member = await verifiedUser(app);
    const memberPost = await publishPost(app, member);
    for (const reason of ['Shows a face', 'Not feet']) {
      const reporter = await verifiedUser(app);
      await reporter.agent.post(`/api/posts/${memberPost}/report`).send({ reason }).expect(201);
    }
    const reports = (await admin.get(`/reports?postId=${memberPost}`).expect(200))
      .body as Schema<'AdminReportPage'>;
    for (const report of reports.items) {
      await admin.patch(`/reports/${report.id}`).send({ status: 'reviewed' }).expect(200);
    }
    // A photo the content check refused, as the rater records it for a signed-in uploader.
    const ratingId = randomUUID();
    await app.events.appendToStream(`rating-${ratingId}`, [
      {
        id: randomUUID(),
        type: 'PhotoRejected',
        data: {
          ratingId,
          imageHash: '0f0f',
          contentHash: 'ab'.repeat(32),
          reason: 'face_or_person',
          rater: 'gate',
        },
        metadata: {
          actor: { type: 'user', id: member.user.id },
          correlationId: randomUUID(),
          causationId: randomUUID(),
          at: clock.now().toISOString(),
        },
      },
    ]);
    expect((await strikesOf(member)).strikes.map((s) => s.cause.kind)).toEqual([
      'report_upheld',
      'photo_refused',
    ]);
    expect((await strikesOf(member)).suspendedUntil).toBeNull();
    await admin
      .post(`/users/${member.user.id}/posting-suspension/lift`)
      .send({ reason: 'Appeal' })
      .expect(409);

    await comment(member, OFFENSIVE[0]).expect(400);
    const suspended = await strikesOf(member);
    expect(suspended.strikes).toHaveLength(3);
    expect(suspended.suspendedUntil).not.toBeNull();
    await comment(member, 'Lovely arches').expect(403);

    await admin
      .post(`/users/${member.user.id}/posting-suspension/lift`)
      .send({ reason: ' ' })
      .expect(400);
    const lifted = await admin
      .post(`/users/${member.user.id}/posting-suspension/lift`)
      .send({ reason: 'Appeal accepted' })
      .expect(200);
    expect(lifted.body).toMatchObject({
      suspendedUntil: null,
      suspensions: [{ lifted: expect.objectContaining({ reason: 'Appeal accepted' }) }],
    });
    await comment(member, 'Lovely arches').expect(201);
    const userEvents = (await eventsOf(app, `user-${member.user.id}`)).map((e) => e.type);
    expect(userEvents.filter((t) => t.startsWith('Strike') || t.startsWith('Posting'))).toEqual([
      'StrikeRecorded',
      'StrikeRecorded',
      'StrikeRecorded',
      'PostingSuspended',
      'PostingSuspensionLifted',
    ]);
    const audit = (await admin.get('/audit').expect(200)).body as Schema<'AuditPage'>;
    expect(audit.items).toContainEqual(
      expect.objectContaining({
        kind: 'PostingSuspensionLifted',
        targetId: member.user.id,
        reason: 'Appeal accepted',
      }),
    );
  });

  it('answers 404 for the strikes of an unknown account', async () => {
    await admin.get(`/users/${randomUUID()}/strikes`).expect(404);
    await admin
      .post(`/users/${randomUUID()}/posting-suspension/lift`)
      .send({ reason: 'x' })
      .expect(404);
  });

  describe('a refused upload that is a strike', () => {
    const MINUTE_MS = 60_000;
    let photoSeed = 9000;
    /** Uploads a photo as `agent`, expecting `status`: answers the response. */
    const upload = async (
      agent: ReturnType<typeof request.agent> | ReturnType<typeof request>,
      status: number,
    ) => {
      const jpeg = await makeJpeg({ width: 344, height: 258, seed: (photoSeed += 1) });
      return agent
        .post('/api/upload')
        .attach('image', jpeg, { filename: 'feet.jpg', contentType: 'image/jpeg' })
        .expect(status);
    };
    const refusedForAFace = async (member: RegisteredUser) => {
      app.gate.decideNext({ outcome: 'refuse', reason: 'face' });
      const refused = await upload(member.agent, 422);
      await strikesSettled();
      return refused.body as Schema<'ErrorResponse'>;
    };
    const strikeNotice = (count: number) =>
      `This counts as a strike: ${count} of 3 in 30 days. If your next upload within 10 minutes follows the rules, this one will not count.`;

    it('says so with the count of 3 in 30 days, beside the message', async () => {
      const member = await verifiedUser(app);
      const first = await refusedForAFace(member);
      expect(first.message).toMatch(/^We found a face in this photo\./);
      expect(first.message.endsWith(strikeNotice(1))).toBe(true);
      expect(first.strike).toEqual({ count: 1, limit: 3, windowDays: 30 });
      clock.advance(11 * MINUTE_MS);
      expect((await refusedForAFace(member)).strike).toEqual({
        count: 2,
        limit: 3,
        windowDays: 30,
      });
      // A visitor's refusal is nobody's strike: the message says nothing of one.
      app.gate.decideNext({ outcome: 'refuse', reason: 'face' });
      const visitor = (await upload(request(app.server), 422)).body as Record<string, unknown>;
      expect(visitor).toEqual({ message: expect.not.stringContaining('strike') });
    });

    it('given an account whose email nobody has verified, when its photo is refused, then it is a visitor’s refusal: no strike for the address’s owner to find', async () => {
      const unverified = await registerUser(app);
      app.gate.decideNext({ outcome: 'refuse', reason: 'face' });
      const refused = (await upload(unverified.agent, 422)).body as Record<string, unknown>;
      expect(refused).toEqual({ message: expect.not.stringContaining('strike') });
      expect((await strikesOf(unverified)).strikes).toEqual([]);
      // Nor may it set the public profile or post directly before the link is opened.
      const firstVerify = 'Please verify your email address first: open the link we sent you.';
      for (const refusal of [
        await unverified.agent.patch('/api/user/profile').send({ bio: 'Planted' }).expect(403),
        await unverified.agent
          .post('/api/user/profile/picture')
          .attach('picture', await makeJpeg({ width: 400, height: 300, seed: 9_999 }), 'p.jpg')
          .expect(403),
        await unverified.agent
          .post('/api/posts/publish-direct')
          .attach('image', await makeJpeg({ width: 344, height: 258, seed: 9_998 }), 'f.jpg')
          .expect(403),
      ]) {
        expect(refusal.body).toEqual({ message: firstVerify });
      }
    });

    it('withdraws the strike when the next upload within 10 minutes passes, but not after', async () => {
      const member = await verifiedUser(app);
      await refusedForAFace(member);
      clock.advance(9 * MINUTE_MS);
      await upload(member.agent, 200);
      const fixed = await strikesOf(member);
      expect(fixed.strikes).toHaveLength(1);
      expect(fixed.strikes[0]).toMatchObject({ withdrawnAt: clock.now().toISOString() });

      // The withdrawn one no longer counts: the next refusal is the first live strike again.
      expect((await refusedForAFace(member)).strike).toMatchObject({ count: 1 });
      clock.advance(11 * MINUTE_MS);
      await upload(member.agent, 200);
      const late = await strikesOf(member);
      expect(late.strikes.map((strike) => strike.withdrawnAt === null)).toEqual([false, true]);
      expect((await refusedForAFace(member)).strike).toMatchObject({ count: 2 });
    });

    it('lifts the suspension a fixed refusal completed, and the other strikes count again', async () => {
      const member = await verifiedUser(app);
      for (const text of OFFENSIVE.slice(0, 2)) await comment(member, text).expect(400);
      expect((await refusedForAFace(member)).strike).toMatchObject({ count: 3 });
      expect((await strikesOf(member)).suspendedUntil).not.toBeNull();
      await comment(member, 'Lovely photo').expect(403);
      clock.advance(MINUTE_MS);
      await upload(member.agent, 200);
      const after = await strikesOf(member);
      expect(after.suspendedUntil).toBeNull();
      expect(after.suspensions[0].lifted).toMatchObject({
        reason: 'A strike it was for was withdrawn: the refused photo was replaced at once.',
      });
      await comment(member, 'Lovely photo').expect(201);
      // The two comment strikes count again: one more strike suspends.
      expect((await refusedForAFace(member)).strike).toMatchObject({ count: 3 });
    });
  });
});
