import request from 'supertest';
import { sessionCookieOf } from '../support/accounts';
import { type RatingResult, verifiedUser } from '../support/community';
import { makeJpeg } from '../support/test-images';
import { startTestApp, storedFiles, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };

let seed = 50_000;
const photo = (size = { width: 344, height: 258 }, photoSeed = (seed += 1)) =>
  makeJpeg({ ...size, seed: photoSeed });

/**
 * The content gate as uploaders and admins meet it: refusals with a reason and the scores on
 * the log, posts held for review out of every public place until an admin approves them, and
 * re-posts of another account's photo refused before a rating is spent.
 */
describe('the content gate and the held-for-review queue', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp(ADMIN);
    const login = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    admin = sessionCookieOf(login.headers['set-cookie'], 'admin_sid');
  });
  afterAll(() => app.close());
  afterEach(() => app.gate.reset());

  const upload = (image: Buffer, agent = request(app.server)) =>
    agent
      .post('/api/upload')
      .attach('image', image, { filename: 'f.jpg', contentType: 'image/jpeg' });
  const rejections = async () =>
    (await app.events.readAll()).filter((event) => event.type === 'PhotoRejected');
  const boardIds = async (query = '') =>
    (
      (await request(app.server).get(`/api/posts?limit=100${query}`).expect(200))
        .body as Schema<'PostResponse'>[]
    ).map((post) => post.id);
  const heldQueue = async () =>
    (
      await request(app.server)
        .get('/api/rtm-sys/held-posts?pageSize=100')
        .set('Cookie', admin)
        .expect(200)
    ).body as Schema<'HeldPostPage'>;

  describe('refusals', () => {
    it.each([
      ['face', /found a face/],
      ['person', /found a person/],
      ['nudity', /no nudity/],
    ] as const)(
      'refuses a photo the gate finds a %s in: 422 with why, nothing stored, the scores on the log',
      async (reason, message) => {
        const before = (await rejections()).length;
        app.gate.decideNext({
          outcome: 'refuse',
          reason,
          scores: { 'model.score': 0.97 },
          gate: 'offline-v1',
        });
        const refused = await upload(await photo()).expect(422);
        expect(refused.body).toEqual({ message: expect.stringMatching(message) });
        expect(storedFiles(app)).toEqual([]);
        const recorded = (await rejections()).slice(before);
        expect(recorded).toEqual([
          expect.objectContaining({
            data: expect.objectContaining({
              reason: reason === 'nudity' ? 'nudity_or_explicit' : 'face_or_person',
              gate: {
                outcome: 'refuse',
                reason,
                scores: { 'model.score': 0.97 },
                gate: 'offline-v1',
              },
            }),
          }),
        ]);
      },
    );

    it('refuses a photo too small to judge before asking the gate', async () => {
      const refused = await upload(await photo({ width: 600, height: 255 })).expect(422);
      expect(refused.body.message).toMatch(/too small to check.*256 pixels/);
      expect(app.gate.judged).toEqual([]);
      expect((await rejections()).at(-1)?.data).toMatchObject({ reason: 'too_small' });
    });

    it('answers 503 when the gate cannot judge now, recording and storing nothing', async () => {
      const before = (await app.events.readAll()).length;
      app.gate.unavailableNext();
      const refused = await upload(await photo()).expect(503);
      expect(refused.body).toEqual({
        message: expect.stringMatching(/cannot check photos right now/),
      });
      expect((await app.events.readAll()).length).toBe(before);
      expect(storedFiles(app)).toEqual([]);
    });

    it('refuses a profile picture the gate refuses, or is unsure about', async () => {
      const member = await verifiedUser(app);
      const picture = (image: Buffer) =>
        member.agent
          .post('/api/user/profile/picture')
          .attach('picture', image, { filename: 'me.jpg', contentType: 'image/jpeg' });
      app.gate.decideNext({ outcome: 'refuse', reason: 'face', scores: { 'face.ssd': 0.9 } });
      expect((await picture(await photo()).expect(422)).body.message).toMatch(
        /must not show faces/,
      );
      app.gate.decideNext({ outcome: 'review', reason: 'nudity', scores: { 'nsfw.sexy': 0.82 } });
      expect((await picture(await photo()).expect(422)).body.message).toMatch(/could not be sure/);
      expect(
        (await picture(await photo({ width: 200, height: 200 })).expect(422)).body.message,
      ).toMatch(/too small/);
      expect(storedFiles(app)).toEqual([]);
    });
  });

  describe('a post held for review', () => {
    let author: Awaited<ReturnType<typeof verifiedUser>>;
    let postId: string;
    const verdict = {
      outcome: 'review' as const,
      reason: 'nudity' as const,
      scores: { 'nsfw.sexy': 0.83, 'nsfw.porn': 0.05 },
      gate: 'offline-v1',
    };

    beforeAll(async () => {
      author = await verifiedUser(app);
      app.gate.decideNext(verdict);
      const rating = (await upload(await photo(), author.agent).expect(200)).body as RatingResult;
      // The results screen knows before the post is made.
      expect(rating.heldForReview).toBe(true);
      postId = (await author.agent.post('/api/posts/publish').send(rating).expect(201)).body.id;
    });

    it('is out of every public board, search, profile and page, for visitors and other members', async () => {
      expect(await boardIds()).not.toContain(postId);
      expect(await boardIds('&sort=top')).not.toContain(postId);
      expect(await boardIds(`&q=${author.user.anonymousUsername}`)).toEqual([]);
      const weekly = (await request(app.server).get('/api/leaderboard/weekly').expect(200)).body;
      expect(JSON.stringify(weekly)).not.toContain(postId);
      const profile = (await request(app.server).get(`/api/users/${author.user.id}`).expect(200))
        .body;
      expect(profile.posts).toEqual([]);
      await request(app.server).get(`/api/posts/${postId}`).expect(404);
      const other = await verifiedUser(app);
      await other.agent.get(`/api/posts/${postId}`).expect(404);
      await other.agent.post(`/api/posts/${postId}/comments`).send({ text: 'Hi' }).expect(404);
    });

    it('is shown to its author, marked held, on its page and in their posts', async () => {
      const page = (await author.agent.get(`/api/posts/${postId}`).expect(200)).body;
      expect(page).toMatchObject({ id: postId, heldForReview: true });
      const own = (await author.agent.get('/api/user/posts').expect(200))
        .body as Schema<'OwnPostResponse'>[];
      expect(own.find((post) => post.id === postId)).toMatchObject({ heldForReview: true });
    });

    it('waits in the admins’ queue with the gate’s reason and scores, and goes public once approved', async () => {
      const queue = await heldQueue();
      expect(queue.items.find((post) => post.id === postId)).toMatchObject({
        heldReason: 'gate_review',
        gateVerdict: verdict,
        listed: false,
        heldForReview: true,
      });
      // Only an admin session opens the queue.
      await author.agent.get('/api/rtm-sys/held-posts').expect(401);
      await request(app.server)
        .patch(`/api/rtm-sys/posts/${postId}`)
        .set('Cookie', admin)
        .send({ isModerated: true })
        .expect(200);
      expect((await heldQueue()).items.map((post) => post.id)).not.toContain(postId);
      expect(await boardIds()).toContain(postId);
      const listed = await request(app.server)
        .get(`/api/rtm-sys/posts?filter=all&pageSize=100`)
        .set('Cookie', admin)
        .expect(200);
      expect(
        (listed.body as Schema<'AdminPostPage'>).items.find((post) => post.id === postId),
      ).toMatchObject({ heldForReview: false, listed: true });
      const page = (await request(app.server).get(`/api/posts/${postId}`).expect(200)).body;
      expect(page.heldForReview).toBe(false);
      const approved = (await app.events.readStream(`post-${postId}`)).map((event) => event.type);
      expect(approved).toEqual(['PostPublished', 'PostApproved']);
    });
  });

  it('takes a removed held post off the queue for good', async () => {
    const author = await verifiedUser(app);
    app.gate.decideNext({ outcome: 'review', reason: 'face', scores: { 'face.ssd': 0.62 } });
    const rating = (await upload(await photo(), author.agent).expect(200)).body;
    const id = (await author.agent.post('/api/posts/publish').send(rating).expect(201)).body.id;
    expect((await heldQueue()).items.map((post) => post.id)).toContain(id);
    await request(app.server)
      .delete(`/api/rtm-sys/posts/${id}`)
      .set('Cookie', admin)
      .send({ reason: 'Shows a face' })
      .expect(200);
    expect((await heldQueue()).items.map((post) => post.id)).not.toContain(id);
    expect(await boardIds()).not.toContain(id);
    await author.agent.get(`/api/posts/${id}`).expect(404);
  });

  describe('re-posted photos', () => {
    it('refuses another account’s copy before rating it, allows the owner’s own, and checks visitors against every post', async () => {
      const owner = await verifiedUser(app);
      const copier = await verifiedUser(app);
      const photoSeed = 90_001;
      const original = await photo({ width: 344, height: 258 }, photoSeed);
      const rating = (await upload(original, owner.agent).expect(200)).body;
      await owner.agent.post('/api/posts/publish').send(rating).expect(201);

      const copy = await photo({ width: 520, height: 390 }, photoSeed);
      const ratersBefore = (await app.events.readAll()).filter(
        (e) => e.type === 'PhotoRated',
      ).length;
      app.gate.reset();
      const refused = await upload(copy, copier.agent).expect(422);
      expect(refused.body.message).toMatch(/looks like a photo already on SoleScore/);
      const visitor = await upload(copy).expect(422);
      expect(visitor.body.message).toMatch(/looks like a photo already on SoleScore/);
      // Refused before the gate and the rater were asked: no rating was spent.
      expect(app.gate.judged).toEqual([]);
      const rated = (await app.events.readAll()).filter((e) => e.type === 'PhotoRated').length;
      expect(rated).toBe(ratersBefore);
      expect((await rejections()).at(-1)?.data).toMatchObject({
        reason: 'repost',
        duplicateOf: [expect.any(String)],
      });
      // The owner may post their own photo again.
      await upload(copy, owner.agent).expect(200);
    });

    it('refuses no copy of a post the public does not see, which would tell it exists, and holds the copy when it is published', async () => {
      const owner = await verifiedUser(app);
      const copier = await verifiedUser(app);
      const photoSeed = 90_051;
      app.gate.decideNext({ outcome: 'review', reason: 'face', scores: { 'face.ssd': 0.62 } });
      const rating = (
        await upload(await photo({ width: 344, height: 258 }, photoSeed), owner.agent).expect(200)
      ).body;
      const hidden = (await owner.agent.post('/api/posts/publish').send(rating).expect(201)).body
        .id;
      await request(app.server).get(`/api/posts/${hidden}`).expect(404);

      const copy = await photo({ width: 520, height: 390 }, photoSeed);
      await upload(copy).expect(200);
      const copied = (await upload(copy, copier.agent).expect(200)).body;
      const published = (await copier.agent.post('/api/posts/publish').send(copied).expect(201))
        .body.id;
      const held = (await heldQueue()).items.find((post) => post.id === published);
      expect(held).toMatchObject({ heldReason: 'repost_review' });
    });

    it('holds a copy rated before its original was posted, for a moderator, with the re-post check as the reason', async () => {
      const owner = await verifiedUser(app);
      const copier = await verifiedUser(app);
      const photoSeed = 90_101;
      const copied = (
        await upload(await photo({ width: 480, height: 360 }, photoSeed), copier.agent).expect(200)
      ).body;
      const original = (await upload(await photo(undefined, photoSeed), owner.agent).expect(200))
        .body;
      const first = (await owner.agent.post('/api/posts/publish').send(original).expect(201)).body
        .id;
      const copy = (await copier.agent.post('/api/posts/publish').send(copied).expect(201)).body.id;
      expect(await boardIds()).toContain(first);
      expect(await boardIds()).not.toContain(copy);
      const held = (await heldQueue()).items.find((post) => post.id === copy);
      expect(held).toMatchObject({ heldReason: 'repost_review' });
      expect((await heldQueue()).items.map((post) => post.id)).not.toContain(first);
    });
  });
});

describe('every post held for an admin (POSTS_REQUIRE_APPROVAL=true)', () => {
  it('holds a post the gate passed, until an admin approves it', async () => {
    const app = await startTestApp({ ...ADMIN, POSTS_REQUIRE_APPROVAL: 'true' });
    try {
      const author = await verifiedUser(app);
      const rating = (
        await author.agent
          .post('/api/upload')
          .attach('image', await photo(), { filename: 'f.jpg', contentType: 'image/jpeg' })
          .expect(200)
      ).body;
      expect(rating.heldForReview).toBe(true);
      const id = (await author.agent.post('/api/posts/publish').send(rating).expect(201)).body.id;
      const board = (await request(app.server).get('/api/posts').expect(200))
        .body as Schema<'PostResponse'>[];
      expect(board.map((post) => post.id)).not.toContain(id);
      const [published] = await app.events.readStream(`post-${id}`);
      expect(published.data).toMatchObject({
        heldForReview: { reason: 'approval_required', gate: { outcome: 'pass' } },
      });
    } finally {
      await app.close();
    }
  });
});
