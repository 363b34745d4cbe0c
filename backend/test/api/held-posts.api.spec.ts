import { randomUUID } from 'node:crypto';
import type { RegisteredUser } from '../support/accounts';
import { signedInAdmin } from '../support/admins';
import {
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectResponse,
  type ApiExpectation,
  type ApiRequest,
} from '../support/api-specification';
import { type RatingResult, verifiedUser } from '../support/community';
import { postPublished } from '../support/community-use-cases';
import { makeJpeg } from '../support/test-images';
import { startTestApp, storedFiles, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';
import type { GateVerdict } from '../../src/domain/photo-rating/photo-rating.events';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };

let seed = 50_000;
const photo = (size = { width: 344, height: 258 }, photoSeed = (seed += 1)) =>
  makeJpeg({ ...size, seed: photoSeed });

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

/** A post of `authorId` held for review, with the gate's verdict, as its stream records it. */
function heldPost(postId: string, authorId: string, gate: GateVerdict) {
  const published = postPublished(postId, authorId);
  return existingStream(`post-${postId}`, [
    {
      ...published,
      data: { ...(published.data as object), heldForReview: { reason: 'gate_review', gate } },
    },
  ]);
}

/** The request appended these events, of any stream, and only of these types. */
const expectNewEventTypes =
  (types: string[]): ApiExpectation =>
  async ({ allNewEvents }) => {
    expect((await allNewEvents()).map((event) => event.type)).toEqual(types);
  };

/**
 * The content gate as uploaders and admins meet it: refusals with a reason and the scores on
 * the log, posts held for review out of every public place until an admin approves them, and
 * re-posts of another account's photo refused before a rating is spent.
 */
describe('the content gate and the held-for-review queue', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(ADMIN);
  });
  afterAll(() => app.close());
  afterEach(() => app.gate.reset());

  const upload = (image: Buffer, member?: RegisteredUser) => (request: ApiRequest) =>
    (member ? request.as(member) : request)
      .post('/api/upload')
      .attach('image', image, { filename: 'f.jpg', contentType: 'image/jpeg' });
  /** Uploads and publishes as `member`: the rating and the post's id. */
  const uploadAndPublish = async (image: Buffer, member: RegisteredUser) => {
    const { body } = await apiSpec(app)
      .when(upload(image, member))
      .then([expectResponse(200)]);
    const published = await apiSpec(app)
      .when((request) => request.as(member).post('/api/posts/publish').send(body))
      .then([expectResponse(201)]);
    return { rating: body as RatingResult, id: (published.body as Schema<'IdResponse'>).id };
  };
  const boardIds = async (query = '') =>
    (
      (
        await apiSpec(app)
          .when((request) => request.get(`/api/posts?limit=100${query}`))
          .then([expectResponse(200)])
      ).body as Schema<'PostResponse'>[]
    ).map((post) => post.id);
  const heldQueue = async (admin: Admin) =>
    (
      await apiSpec(app)
        .when((request) => request.as(admin).get('/api/rtm-sys/held-posts?pageSize=100'))
        .then([expectResponse(200)])
    ).body as Schema<'HeldPostPage'>;
  /** The request stored no file (the uploads folder holds what it held before). */
  const storesNothing = (): ApiExpectation => {
    const before = storedFiles(app);
    return () => expect(storedFiles(app)).toEqual(before);
  };

  describe('refusals', () => {
    it.each([
      ['face', /found a face/],
      ['person', /found a person/],
      ['nudity', /no nudity/],
    ] as const)(
      'given the gate finds a %s in a photo, when it is uploaded, then 422 with why, nothing stored, the scores on the log',
      async (reason, message) => {
        const verdict = {
          outcome: 'refuse',
          reason,
          scores: { 'model.score': 0.97 },
          gate: 'offline-v1',
        } as const;

        await apiSpec(app)
          .given(async () => app.gate.decideNext(verdict))
          .when(upload(await photo()))
          .then([
            expectError(422, message),
            storesNothing(),
            async ({ allNewEvents }) => {
              expect(await allNewEvents()).toEqual([
                expect.objectContaining({
                  type: 'PhotoRejected',
                  data: expect.objectContaining({
                    reason: reason === 'nudity' ? 'nudity_or_explicit' : 'face_or_person',
                    gate: verdict,
                  }),
                }),
              ]);
            },
          ]);
      },
    );

    it('given a photo too small to judge, when it is uploaded, then 422 before the gate is asked', async () => {
      await apiSpec(app)
        .when(upload(await photo({ width: 600, height: 255 })))
        .then([
          expectError(422, /too small to check.*256 pixels/),
          async ({ allNewEvents }) => {
            const [rejected, ...more] = await allNewEvents();
            expect(more).toEqual([]);
            expect(rejected).toMatchObject({
              type: 'PhotoRejected',
              data: { reason: 'too_small' },
            });
          },
        ]);
      expect(app.gate.judged).toEqual([]);
    });

    it('given the gate cannot judge now, when a photo is uploaded, then 503, recording and storing nothing', async () => {
      await apiSpec(app)
        .given(async () => app.gate.unavailableNext())
        .when(upload(await photo()))
        .then([
          expectError(503, /cannot check photos right now/),
          expectNewEventTypes([]),
          storesNothing(),
        ]);
    });

    it('given the gate refuses or is unsure about a picture, when a member makes it their profile picture, then 422 and nothing stored', async () => {
      const member = await verifiedUser(app);
      const picture = (image: Buffer) => (request: ApiRequest) =>
        request
          .as(member)
          .post('/api/user/profile/picture')
          .attach('picture', image, { filename: 'me.jpg', contentType: 'image/jpeg' });

      await apiSpec(app)
        .given(async () =>
          app.gate.decideNext({ outcome: 'refuse', reason: 'face', scores: { 'face.ssd': 0.9 } }),
        )
        .when(picture(await photo()))
        .then([
          // A refused picture is also a strike against the account.
          expectResponse(422, {
            body: {
              message: expect.stringMatching(/must not show faces/),
              strike: expect.objectContaining({ count: 1 }),
            },
          }),
          storesNothing(),
        ]);
      await apiSpec(app)
        .given(async () =>
          app.gate.decideNext({
            outcome: 'review',
            reason: 'nudity',
            scores: { 'nsfw.sexy': 0.82 },
          }),
        )
        .when(picture(await photo()))
        .then([expectError(422, /could not be sure/), storesNothing()]);
      await apiSpec(app)
        .when(picture(await photo({ width: 200, height: 200 })))
        .then([expectError(422, /too small/), storesNothing()]);
    });
  });

  describe('a post held for review', () => {
    const verdict = {
      outcome: 'review' as const,
      reason: 'nudity' as const,
      scores: { 'nsfw.sexy': 0.83, 'nsfw.porn': 0.05 },
      gate: 'offline-v1',
    };

    it('given the gate is unsure of a photo, when its rating is published, then the results screen said so before and the post is held', async () => {
      const author = await verifiedUser(app);

      const { body } = await apiSpec(app)
        .given(async () => app.gate.decideNext(verdict))
        .when(upload(await photo(), author))
        .then([expectResponse(200, { body: expect.objectContaining({ heldForReview: true }) })]);
      const published = await apiSpec(app)
        .when((request) => request.as(author).post('/api/posts/publish').send(body))
        .then([expectResponse(201)]);

      const id = (published.body as Schema<'IdResponse'>).id;
      const [event] = await app.events.readStream(`post-${id}`);
      expect(event.data).toMatchObject({ heldForReview: { reason: 'gate_review', gate: verdict } });
    });

    it('given a held post, when visitors and other members look for it, then it is out of every public board, search, profile and page', async () => {
      const [author, other] = [await verifiedUser(app), await verifiedUser(app)];
      const postId = randomUUID();

      await apiSpec(app)
        .given(heldPost(postId, author.user.id, verdict))
        .when((request) => request.get(`/api/posts/${postId}`))
        .then([expectError(404)]);

      expect(await boardIds()).not.toContain(postId);
      expect(await boardIds('&sort=top')).not.toContain(postId);
      expect(await boardIds(`&q=${author.user.anonymousUsername}`)).toEqual([]);
      const weekly = await apiSpec(app)
        .when((request) => request.get('/api/leaderboard/weekly'))
        .then([expectResponse(200)]);
      expect(JSON.stringify(weekly.body)).not.toContain(postId);
      await apiSpec(app)
        .when((request) => request.get(`/api/users/${author.user.id}`))
        .then([expectResponse(200, { body: expect.objectContaining({ posts: [] }) })]);
      await apiSpec(app)
        .when((request) => request.as(other).get(`/api/posts/${postId}`))
        .then([expectError(404)]);
      await apiSpec(app)
        .when((request) =>
          request.as(other).post(`/api/posts/${postId}/comments`).send({ text: 'Hi' }),
        )
        .then([expectError(404)]);
    });

    it('given a held post, when its author looks, then it is shown, marked held, on its page and in their posts', async () => {
      const author = await verifiedUser(app);
      const postId = randomUUID();

      await apiSpec(app)
        .given(heldPost(postId, author.user.id, verdict))
        .when((request) => request.as(author).get(`/api/posts/${postId}`))
        .then([
          expectResponse(200, {
            body: expect.objectContaining({ id: postId, heldForReview: true }),
          }),
        ]);
      const own = await apiSpec(app)
        .when((request) => request.as(author).get('/api/user/posts'))
        .then([expectResponse(200)]);
      expect(
        (own.body as Schema<'OwnPostResponse'>[]).find((post) => post.id === postId),
      ).toMatchObject({ heldForReview: true });
    });

    it('given a held post, when an admin approves it, then it leaves the admins’ queue, where it waited with the gate’s reason and scores, and goes public', async () => {
      const author = await verifiedUser(app);
      const admin = await signedInAdmin(app, ADMIN);
      const postId = randomUUID();

      const queue = await apiSpec(app)
        .given(heldPost(postId, author.user.id, verdict))
        .when((request) => request.as(admin).get('/api/rtm-sys/held-posts?pageSize=100'))
        .then([expectResponse(200)]);
      expect(
        (queue.body as Schema<'HeldPostPage'>).items.find((post) => post.id === postId),
      ).toMatchObject({
        heldReason: 'gate_review',
        gateVerdict: verdict,
        similarTo: [],
        listed: false,
        heldForReview: true,
      });
      // Only an admin session opens the queue.
      await apiSpec(app)
        .when((request) => request.as(author).get('/api/rtm-sys/held-posts'))
        .then([expectError(401)]);

      await apiSpec(app)
        .when((request) =>
          request.as(admin).patch(`/api/rtm-sys/posts/${postId}`).send({ isModerated: true }),
        )
        .then([
          expectResponse(200),
          expectNewEvents(`post-${postId}`, [{ type: 'PostApproved', data: { postId } }]),
        ]);

      expect((await heldQueue(admin)).items.map((post) => post.id)).not.toContain(postId);
      expect(await boardIds()).toContain(postId);
      const listed = await apiSpec(app)
        .when((request) => request.as(admin).get('/api/rtm-sys/posts?filter=all&pageSize=100'))
        .then([expectResponse(200)]);
      expect(
        (listed.body as Schema<'AdminPostPage'>).items.find((post) => post.id === postId),
      ).toMatchObject({ heldForReview: false, listed: true });
      await apiSpec(app)
        .when((request) => request.get(`/api/posts/${postId}`))
        .then([expectResponse(200, { body: expect.objectContaining({ heldForReview: false }) })]);
    });
  });

  it('given a held post, when an admin removes it, then it is off the queue for good', async () => {
    const author = await verifiedUser(app);
    const admin = await signedInAdmin(app, ADMIN);
    const id = randomUUID();

    const queue = await apiSpec(app)
      .given(
        heldPost(id, author.user.id, {
          outcome: 'review',
          reason: 'face',
          scores: { 'face.ssd': 0.62 },
          gate: 'offline-v1',
        }),
      )
      .when((request) => request.as(admin).get('/api/rtm-sys/held-posts?pageSize=100'))
      .then([expectResponse(200)]);
    expect((queue.body as Schema<'HeldPostPage'>).items.map((post) => post.id)).toContain(id);

    await apiSpec(app)
      .when((request) =>
        request.as(admin).delete(`/api/rtm-sys/posts/${id}`).send({ reason: 'Shows a face' }),
      )
      .then([
        expectResponse(200),
        expectNewEvents(`post-${id}`, [{ type: 'PostRemoved', data: { reason: 'Shows a face' } }]),
      ]);
    expect((await heldQueue(admin)).items.map((post) => post.id)).not.toContain(id);
    expect(await boardIds()).not.toContain(id);
    await apiSpec(app)
      .when((request) => request.as(author).get(`/api/posts/${id}`))
      .then([expectError(404)]);
  });

  describe('re-posted photos', () => {
    it('given a member’s post, when another account or a visitor uploads a copy, then it is refused before it is rated, and the owner may upload it again', async () => {
      const [owner, copier] = [await verifiedUser(app), await verifiedUser(app)];
      const photoSeed = 90_001;
      const copy = await photo({ width: 520, height: 390 }, photoSeed);
      const refusedAsRepost = [
        expectError(422, /looks like a photo already on SoleScore/),
        // Refused before the gate and the rater were asked: no rating was spent.
        async ({ allNewEvents }: Parameters<ApiExpectation>[0]) => {
          const appended = await allNewEvents();
          expect(appended.filter((event) => event.type === 'PhotoRated')).toEqual([]);
          expect(appended.at(-1)).toMatchObject({
            type: 'PhotoRejected',
            data: { reason: 'repost', duplicateOf: [expect.any(String)] },
          });
        },
      ];

      await apiSpec(app)
        .given(
          async () => uploadAndPublish(await photo({ width: 344, height: 258 }, photoSeed), owner),
          async () => app.gate.reset(),
        )
        .when(upload(copy, copier))
        .then(refusedAsRepost);
      await apiSpec(app).when(upload(copy)).then(refusedAsRepost);
      expect(app.gate.judged).toEqual([]);
      // The owner may post their own photo again.
      await apiSpec(app)
        .when(upload(copy, owner))
        .then([expectResponse(200)]);
    });

    it('given a post the public does not see, when a copy is uploaded and published, then it is not refused, which would tell the post exists, but held', async () => {
      const [owner, copier] = [await verifiedUser(app), await verifiedUser(app)];
      const admin = await signedInAdmin(app, ADMIN);
      const photoSeed = 90_051;
      const copy = await photo({ width: 520, height: 390 }, photoSeed);
      let hidden = '';

      await apiSpec(app)
        .given(
          async () =>
            app.gate.decideNext({
              outcome: 'review',
              reason: 'face',
              scores: { 'face.ssd': 0.62 },
            }),
          async () => {
            hidden = (
              await uploadAndPublish(await photo({ width: 344, height: 258 }, photoSeed), owner)
            ).id;
          },
        )
        .when(upload(copy))
        .then([expectResponse(200)]);
      await apiSpec(app)
        .when((request) => request.get(`/api/posts/${hidden}`))
        .then([expectError(404)]);

      const { id: published } = await uploadAndPublish(copy, copier);
      const held = (await heldQueue(admin)).items.find((post) => post.id === published);
      expect(held).toMatchObject({ heldReason: 'repost_review', similarTo: [hidden] });
    });

    it('given a copy rated before its original was posted, when both are published, then the copy is held for a moderator with the re-post check as the reason', async () => {
      const [owner, copier] = [await verifiedUser(app), await verifiedUser(app)];
      const admin = await signedInAdmin(app, ADMIN);
      const photoSeed = 90_101;
      const copied = await apiSpec(app)
        .when(upload(await photo({ width: 480, height: 360 }, photoSeed), copier))
        .then([expectResponse(200)]);
      const { id: first } = await uploadAndPublish(await photo(undefined, photoSeed), owner);

      const published = await apiSpec(app)
        .when((request) => request.as(copier).post('/api/posts/publish').send(copied.body))
        .then([expectResponse(201)]);

      const copy = (published.body as Schema<'IdResponse'>).id;
      await apiSpec(app)
        .when((request) => request.get(`/api/posts/${copy}`))
        .then([expectError(404)]);
      expect(await boardIds()).toContain(first);
      expect(await boardIds()).not.toContain(copy);
      const queue = await heldQueue(admin);
      expect(queue.items.find((post) => post.id === copy)).toMatchObject({
        heldReason: 'repost_review',
        similarTo: [first],
      });
      expect(queue.items.map((post) => post.id)).not.toContain(first);
    });
  });
});

describe('every post held for an admin (POSTS_REQUIRE_APPROVAL=true)', () => {
  it('given every post needs approval, when a photo the gate passed is published, then it is held until an admin approves it', async () => {
    const app = await startTestApp({ ...ADMIN, POSTS_REQUIRE_APPROVAL: 'true' });
    try {
      const author = await verifiedUser(app);
      const image = await photo();
      const rating = await apiSpec(app)
        .when((request) =>
          request
            .as(author)
            .post('/api/upload')
            .attach('image', image, { filename: 'f.jpg', contentType: 'image/jpeg' }),
        )
        .then([expectResponse(200, { body: expect.objectContaining({ heldForReview: true }) })]);
      const published = await apiSpec(app)
        .when((request) => request.as(author).post('/api/posts/publish').send(rating.body))
        .then([expectResponse(201)]);
      const id = (published.body as Schema<'IdResponse'>).id;
      const board = await apiSpec(app)
        .when((request) => request.get('/api/posts'))
        .then([expectResponse(200)]);
      expect((board.body as Schema<'PostResponse'>[]).map((post) => post.id)).not.toContain(id);
      const [event] = await app.events.readStream(`post-${id}`);
      expect(event.data).toMatchObject({
        heldForReview: { reason: 'approval_required', gate: { outcome: 'pass' } },
      });
    } finally {
      await app.close();
    }
  });
});
