import { randomUUID } from 'node:crypto';
import { StrikesReactor } from '../../src/application/moderation/strikes-reactor';
import {
  PROJECTION_PROGRESS,
  type ProjectionProgress,
} from '../../src/application/shared/projection-progress';
import { COMMENT_REFUSALS } from '../../src/domain/comment/comment-filter';
import { postingSuspendedMessage } from '../../src/domain/user/strikes.decider';
import { eventsOf, type RegisteredUser, registerUser } from '../support/accounts';
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
import { uploadRating, verifiedUser } from '../support/community';
import { publishedPost, reportedPost } from '../support/community-history';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, TestClock } from '../support/test-clock';
import { makeJpeg } from '../support/test-images';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };
const OFFENSIVE = ['what a fucking mess', 'sh1t feet', 'f u c k this'];

describe('filtered comments and strikes', () => {
  const clock = new TestClock();
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(
      { ...ADMIN, ...ROOMY_WRITE_LIMITS, UPLOAD_LIMIT_PER_HOUR: '100000' },
      undefined,
      { clock },
    );
  });
  afterAll(() => app.close());

  // The test clock moves by weeks, past an admin session's life: each test signs in afresh.
  const admin = () => signedInAdmin(app, ADMIN);
  type Admin = Awaited<ReturnType<typeof admin>>;

  /** A member's post, as its stream records it: its author, id and history. */
  async function aPost() {
    const author = await verifiedUser(app);
    const postId = randomUUID();
    return { author, postId, post: publishedPost(postId, author.user.id) };
  }

  const comment = (user: RegisteredUser, text: string, on: string) => (request: ApiRequest) =>
    request.as(user).post(`/api/posts/${on}/comments`).send({ text });

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

  const strikesOf = async (back: Admin, user: RegisteredUser) => {
    await strikesSettled();
    const { body } = await apiSpec(app)
      .when((request) => request.as(back).get(`/api/rtm-sys/users/${user.user.id}/strikes`))
      .then([expectResponse(200)]);
    return body as Schema<'UserStrikesResponse'>;
  };

  it('given a post, when a member comments offensively, then 400 and why, the refusal recorded as a strike, and nothing posted', async () => {
    const { postId, post } = await aPost();
    const member = await verifiedUser(app);
    const back = await admin();

    await apiSpec(app)
      .given(post)
      .when(comment(member, 'What a FUCKING mess', postId))
      .then([
        expectError(400, COMMENT_REFUSALS.offensive),
        async ({ allNewEvents }) => {
          const refusals = (await allNewEvents()).filter(
            (e) => e.type === 'CommentRefused' && e.metadata.actor.id === member.user.id,
          );
          expect(refusals).toHaveLength(1);
        },
      ]);

    const comments = await apiSpec(app)
      .when((request) => request.get(`/api/posts/${postId}/comments`))
      .then([expectResponse(200)]);
    expect(JSON.stringify(comments.body)).not.toContain('mess');
    expect((await strikesOf(back, member)).strikes.map((s) => s.cause)).toEqual([
      expect.objectContaining({ kind: 'comment_refused', reason: 'offensive', postId }),
    ]);
  });

  it('given an account younger than 7 days, when it comments a link, then it is refused without a strike, and taken at 7 days', async () => {
    const { postId, post } = await aPost();
    const member = await verifiedUser(app);
    const back = await admin();

    await apiSpec(app)
      .given(post)
      .when(comment(member, 'More at www.my-feet.example', postId))
      .then([expectError(400, COMMENT_REFUSALS.link)]);
    expect((await strikesOf(back, member)).strikes).toEqual([]);

    clock.advance(7 * DAY_MS);
    await apiSpec(app)
      .when(comment(member, 'More at www.my-feet.example', postId))
      .then([expectResponse(201)]);
  });

  it('given a comment on a post, when the member posts the same on another post the same day, then it is refused', async () => {
    const { author, postId, post } = await aPost();
    const member = await verifiedUser(app);
    const other = randomUUID();
    const text = 'Follow me for more pictures of lovely feet';

    await apiSpec(app)
      .given(post, publishedPost(other, author.user.id))
      .when(comment(member, text, postId))
      .then([expectResponse(201)]);
    await apiSpec(app)
      .when(comment(member, `  ${text.toUpperCase()} `, other))
      .then([expectError(400, COMMENT_REFUSALS.repeated)]);
  });

  it('given two offensive comments, when a third is refused, then posting, commenting and rating are suspended for 7 days, saying until when', async () => {
    const { postId, post } = await aPost();
    const member = await verifiedUser(app);
    const rating = await uploadRating(app);
    await apiSpec(app)
      .given(post)
      .when(comment(member, OFFENSIVE[0], postId))
      .then([expectError(400)]);
    for (const text of OFFENSIVE.slice(1)) {
      await apiSpec(app)
        .when(comment(member, text, postId))
        .then([expectError(400)]);
    }
    await strikesSettled();
    const until = new Date(clock.now().getTime() + 7 * DAY_MS).toISOString();
    const message = postingSuspendedMessage(until);

    await apiSpec(app)
      .when((request) => request.as(member).get('/api/user/posting-suspension'))
      .then([expectResponse(200, { body: { suspendedUntil: until, message } })]);
    await apiSpec(app)
      .when(comment(member, 'Lovely arches', postId))
      .then([expectError(403, message)]);
    await apiSpec(app)
      .when((request) =>
        request.as(member).post('/api/ratings/submit').send({ postId, overallScore: 8 }),
      )
      .then([expectError(403, message), expectNoNewEvents(`vote-${postId}-${member.user.id}`)]);
    await apiSpec(app)
      .when((request) => request.as(member).post('/api/posts/publish').send(rating))
      .then([
        expectError(403, message),
        async ({ allNewEvents }) =>
          expect((await allNewEvents()).map((event) => event.type)).not.toContain('PostPublished'),
      ]);
    // Liking and reporting stay open.
    await apiSpec(app)
      .when((request) => request.as(member).post(`/api/posts/${postId}/like`))
      .then([
        expectResponse(200),
        expectNewEvents(`like-post-${postId}-${member.user.id}`, [{ type: 'Liked' }]),
      ]);

    clock.advance(7 * DAY_MS);
    await apiSpec(app)
      .when(comment(member, 'Lovely arches', postId))
      .then([expectResponse(201)]);
    await apiSpec(app)
      .when((request) => request.as(member).post('/api/posts/publish').send(rating))
      .then([expectResponse(201)]);
    await apiSpec(app)
      .when((request) => request.as(member).get('/api/user/posting-suspension'))
      .then([expectResponse(200, { body: { suspendedUntil: null, message: null } })]);
  });

  it('given an upheld report (struck once per post) and a refused photo, when a third strike suspends the member, then admins see them and lift the suspension with a reason', async () => {
    const member = await verifiedUser(app);
    const [firstReporter, secondReporter] = [await verifiedUser(app), await verifiedUser(app)];
    const back = await admin();
    const memberPost = randomUUID();
    const ratingId = randomUUID();

    const reports = await apiSpec(app)
      .given(
        publishedPost(memberPost, member.user.id),
        reportedPost(memberPost, firstReporter.user.id, member.user.id, 'Shows a face'),
        reportedPost(memberPost, secondReporter.user.id, member.user.id, 'Not feet'),
      )
      .when((request) => request.as(back).get(`/api/rtm-sys/reports?postId=${memberPost}`))
      .then([expectResponse(200)]);
    for (const report of (reports.body as Schema<'AdminReportPage'>).items) {
      await apiSpec(app)
        .when((request) =>
          request.as(back).patch(`/api/rtm-sys/reports/${report.id}`).send({ status: 'reviewed' }),
        )
        .then([expectResponse(200)]);
    }
    // A photo the content check refused, as the rater records it for a signed-in uploader.
    await apiSpec(app)
      .given(
        existingStream(`rating-${ratingId}`, [
          {
            type: 'PhotoRejected',
            data: {
              ratingId,
              imageHash: '0f0f',
              contentHash: 'ab'.repeat(32),
              reason: 'face_or_person',
              rater: 'gate',
            },
            metadata: { actor: { type: 'user', id: member.user.id } },
          },
        ]),
      )
      .when((request) =>
        request
          .as(back)
          .post(`/api/rtm-sys/users/${member.user.id}/posting-suspension/lift`)
          .send({ reason: 'Appeal' }),
      )
      .then([expectError(409)]);
    const struck = await strikesOf(back, member);
    expect(struck.strikes.map((s) => s.cause.kind)).toEqual(['report_upheld', 'photo_refused']);
    expect(struck.suspendedUntil).toBeNull();

    await apiSpec(app)
      .when(comment(member, OFFENSIVE[0], memberPost))
      .then([expectError(400)]);
    const suspended = await strikesOf(back, member);
    expect(suspended.strikes).toHaveLength(3);
    expect(suspended.suspendedUntil).not.toBeNull();
    await apiSpec(app)
      .when(comment(member, 'Lovely arches', memberPost))
      .then([expectError(403)]);

    const lift = (reason: string) => (request: ApiRequest) =>
      request
        .as(back)
        .post(`/api/rtm-sys/users/${member.user.id}/posting-suspension/lift`)
        .send({ reason });
    await apiSpec(app)
      .when(lift(' '))
      .then([expectError(400)]);
    await apiSpec(app)
      .when(lift('Appeal accepted'))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({
            suspendedUntil: null,
            suspensions: [
              expect.objectContaining({
                lifted: expect.objectContaining({ reason: 'Appeal accepted' }),
              }),
            ],
          }),
        }),
        expectNewEvents(`user-${member.user.id}`, [
          { type: 'PostingSuspensionLifted', data: { reason: 'Appeal accepted' } },
        ]),
      ]);
    await apiSpec(app)
      .when(comment(member, 'Lovely arches', memberPost))
      .then([expectResponse(201)]);
    const userEvents = (await eventsOf(app, `user-${member.user.id}`)).map((e) => e.type);
    expect(userEvents.filter((t) => t.startsWith('Strike') || t.startsWith('Posting'))).toEqual([
      'StrikeRecorded',
      'StrikeRecorded',
      'StrikeRecorded',
      'PostingSuspended',
      'PostingSuspensionLifted',
    ]);
    const audit = await apiSpec(app)
      .when((request) => request.as(back).get('/api/rtm-sys/audit'))
      .then([expectResponse(200)]);
    expect((audit.body as Schema<'AuditPage'>).items).toContainEqual(
      expect.objectContaining({
        kind: 'PostingSuspensionLifted',
        targetId: member.user.id,
        reason: 'Appeal accepted',
      }),
    );
  });

  it('given an unknown account, when an admin asks for its strikes or lifts its suspension, then 404', async () => {
    const back = await admin();

    await apiSpec(app)
      .when((request) => request.as(back).get(`/api/rtm-sys/users/${randomUUID()}/strikes`))
      .then([expectError(404)]);
    await apiSpec(app)
      .when((request) =>
        request
          .as(back)
          .post(`/api/rtm-sys/users/${randomUUID()}/posting-suspension/lift`)
          .send({ reason: 'x' }),
      )
      .then([expectError(404)]);
  });

  describe('a refused upload that is a strike', () => {
    const MINUTE_MS = 60_000;
    let photoSeed = 9000;
    /** An upload of a new photo, as `member` or a visitor. */
    const upload =
      (jpeg: Buffer, member?: Pick<RegisteredUser, 'agent'>) => (request: ApiRequest) =>
        (member ? request.as(member) : request)
          .post('/api/upload')
          .attach('image', jpeg, { filename: 'feet.jpg', contentType: 'image/jpeg' });
    const aPhoto = () => makeJpeg({ width: 344, height: 258, seed: (photoSeed += 1) });
    const uploads = async (member: RegisteredUser) =>
      apiSpec(app)
        .when(upload(await aPhoto(), member))
        .then([expectResponse(200)]);
    const refusedForAFace = async (member: Pick<RegisteredUser, 'agent'>) => {
      const refused = await apiSpec(app)
        .given(async () => app.gate.decideNext({ outcome: 'refuse', reason: 'face' }))
        .when(upload(await aPhoto(), member))
        .then([expectResponse(422)]);
      await strikesSettled();
      return refused.body as Schema<'ErrorResponse'>;
    };
    const strikeNotice = (count: number) =>
      `This counts as a strike: ${count} of 3 in 30 days. If your next upload within 10 minutes follows the rules, this one will not count.`;

    it('given a member, when their photo is refused, then the answer says it is a strike, with the count of 3 in 30 days, beside the message; a visitor’s says nothing of one', async () => {
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
      await apiSpec(app)
        .given(async () => app.gate.decideNext({ outcome: 'refuse', reason: 'face' }))
        .when(upload(await aPhoto()))
        .then([expectResponse(422, { body: { message: expect.not.stringContaining('strike') } })]);
    });

    it('given an account whose email nobody has verified, when its photo is refused, then it is a visitor’s refusal: no strike for the address’s owner to find', async () => {
      const unverified = await registerUser(app);
      const back = await admin();
      await apiSpec(app)
        .given(async () => app.gate.decideNext({ outcome: 'refuse', reason: 'face' }))
        .when(upload(await aPhoto(), unverified))
        .then([expectResponse(422, { body: { message: expect.not.stringContaining('strike') } })]);
      expect((await strikesOf(back, unverified)).strikes).toEqual([]);
      // Nor may it set the public profile or post directly before the link is opened.
      const firstVerify = 'Please verify your email address first: open the link we sent you.';
      const picture = await makeJpeg({ width: 400, height: 300, seed: 9_999 });
      const direct = await makeJpeg({ width: 344, height: 258, seed: 9_998 });
      for (const refused of [
        (request: ApiRequest) =>
          request.as(unverified).patch('/api/user/profile').send({ bio: 'Planted' }),
        (request: ApiRequest) =>
          request
            .as(unverified)
            .post('/api/user/profile/picture')
            .attach('picture', picture, 'p.jpg'),
        (request: ApiRequest) =>
          request.as(unverified).post('/api/posts/publish-direct').attach('image', direct, 'f.jpg'),
      ]) {
        await apiSpec(app)
          .when(refused)
          .then([expectError(403, firstVerify)]);
      }
    });

    it('given a refused photo, when the next upload within 10 minutes passes, then the strike is withdrawn, but not after', async () => {
      const member = await verifiedUser(app);
      const back = await admin();
      await refusedForAFace(member);
      clock.advance(9 * MINUTE_MS);
      await uploads(member);
      const fixed = await strikesOf(back, member);
      expect(fixed.strikes).toHaveLength(1);
      expect(fixed.strikes[0]).toMatchObject({ withdrawnAt: clock.now().toISOString() });

      // The withdrawn one no longer counts: the next refusal is the first live strike again.
      expect((await refusedForAFace(member)).strike).toMatchObject({ count: 1 });
      clock.advance(11 * MINUTE_MS);
      await uploads(member);
      const late = await strikesOf(back, member);
      expect(late.strikes.map((strike) => strike.withdrawnAt === null)).toEqual([false, true]);
      expect((await refusedForAFace(member)).strike).toMatchObject({ count: 2 });
    });

    it('given a suspension a refused photo completed, when a passing photo replaces it, then the suspension is lifted and the other strikes count again', async () => {
      const { postId, post } = await aPost();
      const member = await verifiedUser(app);
      const back = await admin();
      await apiSpec(app)
        .given(post)
        .when(comment(member, OFFENSIVE[0], postId))
        .then([expectError(400)]);
      await apiSpec(app)
        .when(comment(member, OFFENSIVE[1], postId))
        .then([expectError(400)]);
      expect((await refusedForAFace(member)).strike).toMatchObject({ count: 3 });
      expect((await strikesOf(back, member)).suspendedUntil).not.toBeNull();
      await apiSpec(app)
        .when(comment(member, 'Lovely photo', postId))
        .then([expectError(403)]);

      clock.advance(MINUTE_MS);
      await uploads(member);
      const after = await strikesOf(back, member);
      expect(after.suspendedUntil).toBeNull();
      expect(after.suspensions[0].lifted).toMatchObject({
        reason: 'A strike it was for was withdrawn: the refused photo was replaced at once.',
      });
      await apiSpec(app)
        .when(comment(member, 'Lovely photo', postId))
        .then([expectResponse(201)]);
      // The two comment strikes count again: one more strike suspends.
      expect((await refusedForAFace(member)).strike).toMatchObject({ count: 3 });
    });
  });
});
