import { existsSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { rawRequest } from '../support/raw-get';
import { eventsOf, registerUser } from '../support/accounts';
import {
  nextLink,
  publishPost,
  uploadRating,
  uploaderOf,
  verifiedUser,
} from '../support/community';
import { makeJpeg } from '../support/test-images';
import { editPhoto, fixturePhoto } from '../../src/bench/repost-edits';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

/** Reads until `done` holds (at most 10 s), without sleeping for a fixed time. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const POST_FIELDS = [
  'id',
  'userId',
  'imageUrl',
  'thumbnailUrl',
  'imageHash',
  'imageWidth',
  'imageHeight',
  'averageRating',
  'voteCount',
  'communityAverage',
  'aiRating',
  'likesCount',
  'commentsCount',
  'username',
  'displayUsername',
  'bio',
  'socialLinks',
  'profilePictureUrl',
  'isBoosted',
  'boostType',
  'isPublic',
  'isModerated',
  'heldForReview',
  'moderationFlags',
  'createdAt',
  'weeklyRank',
  'reportedByViewer',
].sort();

describe('publishing posts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000' });
  });
  afterAll(() => app.close());

  it('publishes a rating from the server’s own record, right after registering', async () => {
    const user = await registerUser(app); // not verified: publishing does not need it
    const rating = await uploadRating(app);
    const response = await user.agent.post('/api/posts/publish').send(rating).expect(201);
    const { id } = response.body as Schema<'IdResponse'>;
    expect(Object.keys(response.body as object)).toEqual(['id']);

    const post = (await request(app.server).get(`/api/posts/${id}`).expect(200)).body;
    expect(Object.keys(post).sort()).toEqual(POST_FIELDS);
    expect(post).toMatchObject({
      id,
      userId: user.user.id,
      imageUrl: rating.imageUrl,
      imageHash: rating.imageHash,
      averageRating: rating.averageRating,
      voteCount: 0,
      likesCount: 0,
      commentsCount: 0,
      username: user.user.anonymousUsername,
      displayUsername: null,
      isBoosted: false,
      boostType: null,
      isPublic: true,
      isModerated: false,
      moderationFlags: [],
    });
    expect(post.aiRating).toMatchObject({
      overall: rating.averageRating,
      toeAlignment: rating.toeAlignment,
      aiComment: rating.aiComment,
      rater: 'offline',
    });
    expect(JSON.stringify(post)).not.toContain(user.email);

    const [published] = await eventsOf(app, `post-${id}`);
    expect(published.type).toBe('PostPublished');
    expect(published.metadata.actor).toEqual({ type: 'user', id: user.user.id });
  });

  it('accepts the rating with averageRating as a number too', async () => {
    const user = await verifiedUser(app);
    const rating = await uploadRating(app);
    await user.agent
      .post('/api/posts/publish')
      .send({ ...rating, averageRating: Number(rating.averageRating) })
      .expect(201);
  });

  it('refuses scores that differ from the record and an unknown image; a second publish answers the same post', async () => {
    const user = await verifiedUser(app);
    const rating = await uploadRating(app);
    const tampered = await user.agent
      .post('/api/posts/publish')
      .send({ ...rating, averageRating: '10.0', toeNails: 10 })
      .expect(400);
    expect(tampered.body).toEqual({
      message: 'These scores are not the ones this photo was rated with',
    });

    const unknown = await user.agent
      .post('/api/posts/publish')
      .send({ ...rating, imageUrl: `/uploads/ff/${'f'.repeat(64)}.webp` })
      .expect(404);
    expect(unknown.body).toEqual({
      message: 'We have no rating for that photo: please upload it again',
    });

    const first = await user.agent.post('/api/posts/publish').send(rating).expect(201);
    const again = await user.agent.post('/api/posts/publish').send(rating).expect(201);
    expect(again.body).toEqual(first.body);
    expect(((await user.agent.get('/api/user/posts').expect(200)).body as unknown[]).length).toBe(
      1,
    );
  });

  it('publishes a rating once when two requests race, answering each with the one post', async () => {
    const user = await verifiedUser(app);
    const rating = await uploadRating(app);
    const answers = await Promise.all(
      [1, 2, 3].map(() => user.agent.post('/api/posts/publish').send(rating)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => (a.body as { id: string }).id)).size).toBe(1);
    const mine = (await user.agent.get('/api/user/posts').expect(200)).body as unknown[];
    expect(mine).toHaveLength(1);
  });

  // Each round races three publishes after two sign-ups and an upload (the content gate runs on
  // the CPU): on a loaded machine a round takes seconds, so the test has its own hang guard.
  it('lets only the uploader publish: whoever learns the image address gets 403, the uploader still posts', async () => {
    for (let round = 0; round < 10; round += 1) {
      const thief = await verifiedUser(app);
      const uploader = await verifiedUser(app);
      // A visitor's upload: the rating answer, its publish key included, goes to the uploader only.
      const rating = await uploadRating(app);
      const { publishKey, ...learnt } = rating;
      // The thief races the uploader with what the image address and its page give away.
      const [stolen, guessed, own] = await Promise.all([
        thief.agent.post('/api/posts/publish').send(learnt),
        thief.agent.post('/api/posts/publish').send({ ...learnt, publishKey: 'x'.repeat(32) }),
        uploader.agent.post('/api/posts/publish').send(rating),
      ]);
      expect([stolen.status, stolen.body]).toEqual([
        403,
        {
          message:
            'Only the person who uploaded this photo can post it: please upload your own photo',
        },
      ]);
      expect(guessed.status).toBe(403);
      expect(own.status).toBe(201);
      expect(publishKey).toEqual(expect.any(String));
    }
  }, 120_000);

  it('answers 400 for a publish key that is not text', async () => {
    const user = await verifiedUser(app);
    const rating = await uploadRating(app);
    const response = await user.agent
      .post('/api/posts/publish')
      .send({ ...rating, publishKey: 42 })
      .expect(400);
    expect(response.body).toEqual({
      message: 'publishKey must be the publish key the upload answered',
    });
  });

  it('refuses a body without the eight fields, and signed-out visitors', async () => {
    const user = await verifiedUser(app);
    const rating = await uploadRating(app);
    const { aiComment: _dropped, ...partial } = rating;
    const missing = await user.agent.post('/api/posts/publish').send(partial).expect(400);
    expect(missing.body).toEqual({
      message: 'A rating needs all eight fields of the rating result',
    });
    const extra = await user.agent
      .post('/api/posts/publish')
      .send({ ...rating, userId: 'someone' })
      .expect(400);
    expect(extra.body.message).toMatch(/userId/);
    const signedOut = await request(app.server).post('/api/posts/publish').send(rating).expect(401);
    expect(signedOut.body).toEqual({ message: 'Please sign in to continue.' });
  });

  it('posts a photo directly, without AI scores, rated by the community only', async () => {
    const user = await verifiedUser(app);
    const jpeg = await makeJpeg({ width: 384, height: 256, seed: 4242 });
    const response = await user.agent
      .post('/api/posts/publish-direct')
      .attach('image', jpeg, { filename: 'feet.jpg', contentType: 'image/jpeg' })
      .expect(201);
    const post = (await request(app.server).get(`/api/posts/${response.body.id}`).expect(200)).body;
    expect(post).toMatchObject({ averageRating: null, voteCount: 0, aiRating: null });
    expect(post.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
  });

  it('holds a re-post of another account’s photo for moderation, flagged, and refuses its owner a second live post of it', async () => {
    const original = await verifiedUser(app);
    const copier = await verifiedUser(app);
    const photoSeed = 777_001;
    // Rated before anyone posted it, so nothing refused them: publishing still flags the copy.
    const ratings = [
      await uploadRating(app, photoSeed),
      await uploadRating(app, photoSeed),
      await uploadRating(app, photoSeed),
    ];
    const publish = async (user: typeof original, rating: (typeof ratings)[number]) =>
      (await user.agent.post('/api/posts/publish').send(rating).expect(201)).body.id as string;
    const first = await publish(original, ratings[0]);
    const twice = await original.agent.post('/api/posts/publish').send(ratings[1]).expect(409);
    expect(twice.body).toEqual({ message: 'You have already posted this photo' });
    const repost = await publish(copier, ratings[2]);
    const flags = async (id: string, agent = request(app.server)) =>
      (await agent.get(`/api/posts/${id}`).expect(200)).body.moderationFlags;
    expect(await flags(first)).toEqual([]);
    // Held for a moderator instead of public: its author sees it, flagged; nobody else does.
    await request(app.server).get(`/api/posts/${repost}`).expect(404);
    expect(await flags(repost, copier.agent)).toEqual(['repost']);
    // Once posted, the same photo resized and re-encoded is refused to a third account before
    // it is rated, and to its owner as a second post of it.
    const resized = await makeJpeg({ width: 480, height: 360, seed: photoSeed, quality: 70 });
    const direct = (user: typeof original) =>
      user.agent
        .post('/api/posts/publish-direct')
        .attach('image', resized, { filename: 'copy.jpg', contentType: 'image/jpeg' });
    const refused = await direct(await verifiedUser(app)).expect(422);
    expect(refused.body.message).toMatch(/looks like a photo already on SoleScore/);
    expect((await direct(original).expect(409)).body).toEqual({
      message: 'You have already posted this photo',
    });
    // Once its author deleted the post, they may post the photo again; the copier's post is
    // gone too, so nothing flags it.
    for (const [user, id] of [
      [original, first],
      [copier, repost],
    ] as const) {
      await user.agent.delete(`/api/user/posts/${id}`).expect(200);
    }
    expect(await flags((await direct(original).expect(201)).body.id as string)).toEqual([]);
  }, 120_000);

  it('given a member’s post of a real photo, refuses its mirror, crop or turn to another account and to the member a second post of it', async () => {
    const owner = await verifiedUser(app);
    const photo = fixturePhoto('content-gate/plain/coffee.jpg');
    const post = (user: typeof owner, image: Buffer) =>
      user.agent
        .post('/api/posts/publish-direct')
        .attach('image', image, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    const posted = (await post(owner, photo).expect(201)).body.id as string;
    for (const kind of [
      'mirror',
      'crop 5% corner',
      'turn 3° trim',
      'crop 15% corner',
      'crop 15% side',
      'turn 10° fill',
    ] as const) {
      const edited = await editPhoto(photo, kind);
      const copied = await post(await verifiedUser(app), edited).expect(422);
      expect(copied.body.message).toMatch(/looks like a photo already on SoleScore/);
      expect((await post(owner, edited).expect(409)).body).toEqual({
        message: 'You have already posted this photo',
      });
    }
    await owner.agent.delete(`/api/user/posts/${posted}`).expect(200);
  }, 120_000);

  it('posts one of two publishes of the same photo by one account that race, and refuses the other, in rounds', async () => {
    for (let round = 0; round < 5; round += 1) {
      const user = await verifiedUser(app);
      const seed = 778_100 + round;
      const ratings = [await uploadRating(app, seed), await uploadRating(app, seed)];
      const answers = await Promise.all(
        ratings.map((rating) => user.agent.post('/api/posts/publish').send(rating)),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.status === 409)!;
      expect(refused.body).toEqual({ message: 'You have already posted this photo' });
    }
  }, 120_000);

  it('refuses a direct post when signed out (before reading the photo) or without an image', async () => {
    const jpeg = await makeJpeg({ width: 384, height: 256, seed: 4243 });
    const signedOut = await request(app.server)
      .post('/api/posts/publish-direct')
      .attach('image', jpeg, { filename: 'feet.jpg', contentType: 'image/jpeg' })
      .expect(401);
    expect(signedOut.body).toEqual({
      message: 'Please log in or register to post directly without rating.',
    });
    const user = await verifiedUser(app);
    const noImage = await user.agent.post('/api/posts/publish-direct').expect(400);
    expect(noImage.body.message).toEqual(expect.any(String));
    const notImage = await user.agent
      .post('/api/posts/publish-direct')
      .attach('image', Buffer.from('not an image at all'), {
        filename: 'feet.jpg',
        contentType: 'image/jpeg',
      });
    expect(notImage.status).toBeGreaterThanOrEqual(400);
    expect(notImage.status).toBeLessThan(500);
  });

  it('answers 404 Post not found for unknown ids', async () => {
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', '%20']) {
      const response = await request(app.server).get(`/api/posts/${id}`).expect(404);
      expect(response.body).toEqual({ message: 'Post not found' });
    }
  });

  it('shows the author’s current profile on old posts', async () => {
    const user = await verifiedUser(app);
    const id = await publishPost(app, user);
    const displayUsername = `Renamed${Date.now() % 100000}`;
    await user.agent.patch('/api/user/profile').send({ displayUsername, bio: 'Hi' }).expect(200);
    const post = (await request(app.server).get(`/api/posts/${id}`).expect(200)).body;
    expect(post).toMatchObject({ displayUsername, bio: 'Hi' });
  });
});

describe('own posts, deleting, and profiles', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000' });
  });
  afterAll(() => app.close());

  it('lists own posts newest first, in the own-posts shape', async () => {
    const user = await verifiedUser(app);
    const first = await publishPost(app, user);
    const second = await publishPost(app, user);
    const posts = (await user.agent.get('/api/user/posts').expect(200)).body;
    expect(posts.map((p: { id: string }) => p.id)).toEqual([second, first]);
    expect(Object.keys(posts[0]).sort()).toEqual(
      [
        'id',
        'imageUrl',
        'thumbnailUrl',
        'averageRating',
        'voteCount',
        'communityAverage',
        'likesCount',
        'commentsCount',
        'isBoosted',
        'boostType',
        'isPublic',
        'isModerated',
        'heldForReview',
        'removed',
        'removalReason',
        'createdAt',
      ].sort(),
    );
    await request(app.server).get('/api/user/posts').expect(401);
  });

  it('lists a user’s posts on the public profile', async () => {
    const user = await verifiedUser(app);
    const id = await publishPost(app, user);
    const profile = (await request(app.server).get(`/api/users/${user.user.id}`).expect(200)).body;
    expect(profile.posts).toEqual([
      expect.objectContaining({ id, overallRating: expect.stringMatching(/^\d+\.\d$/) }),
    ]);
    expect(Object.keys(profile.posts[0]).sort()).toEqual(
      [
        'id',
        'imageUrl',
        'thumbnailUrl',
        'overallRating',
        'voteCount',
        'communityAverage',
        'likesCount',
        'commentsCount',
        'isBoosted',
        'boostType',
        'createdAt',
      ].sort(),
    );
  });

  it('deletes an own post everywhere, with its comments, and its image once unused', async () => {
    const owner = await verifiedUser(app);
    const other = await verifiedUser(app);
    const id = await publishPost(app, owner);
    const post = (await request(app.server).get(`/api/posts/${id}`).expect(200)).body;
    await other.agent.post(`/api/posts/${id}/like`).expect(200);
    await other.agent.post(`/api/posts/${id}/comments`).send({ text: 'Nice' }).expect(201);

    const refused = await other.agent.delete(`/api/user/posts/${id}`).expect(403);
    expect(refused.body).toEqual({ message: 'You can only delete your own posts' });

    await owner.agent.delete(`/api/user/posts/${id}`).expect(200, { success: true });
    await request(app.server).get(`/api/posts/${id}`).expect(404);
    await request(app.server).get(`/api/posts/${id}/comments`).expect(404);
    const board = (await request(app.server).get('/api/posts?limit=100').expect(200)).body;
    expect(board.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await owner.agent.get('/api/user/posts').expect(200)).body).toEqual([]);
    const profile = (await request(app.server).get(`/api/users/${owner.user.id}`)).body;
    expect(profile.posts).toEqual([]);
    const file = join(app.dataDir, post.imageUrl.replace(/^\/uploads\//, 'uploads/'));
    expect(existsSync(file)).toBe(false);

    await owner.agent.delete(`/api/user/posts/${id}`).expect(404);
  });

  it('deletes a direct post’s image and thumbnail with the post', async () => {
    const owner = await verifiedUser(app);
    const jpeg = await makeJpeg({ width: 384, height: 256, seed: 4343 });
    const { id } = (
      await owner.agent
        .post('/api/posts/publish-direct')
        .attach('image', jpeg, { filename: 'feet.jpg', contentType: 'image/jpeg' })
        .expect(201)
    ).body as Schema<'IdResponse'>;
    const post = (await request(app.server).get(`/api/posts/${id}`).expect(200)).body;
    await request(app.server).get(post.imageUrl).expect(200);
    await request(app.server).get(post.thumbnailUrl).expect(200);

    await owner.agent.delete(`/api/user/posts/${id}`).expect(200, { success: true });
    const statuses = async () =>
      Promise.all(
        [post.imageUrl, post.thumbnailUrl].map(
          async (url: string) => (await request(app.server).get(url)).status,
        ),
      );
    expect(await until(statuses, (answers) => answers.every((s) => s === 404))).toEqual([404, 404]);
  });

  it('keeps a stored image that a rating not yet published still uses', async () => {
    const user = await verifiedUser(app);
    const first = await uploadRating(app, 778);
    const again = await uploadRating(app, 778); // the same photo, rated again, not posted yet
    const id = (await user.agent.post('/api/posts/publish').send(first).expect(201)).body.id;
    await user.agent.delete(`/api/user/posts/${id}`).expect(200);
    await request(app.server).get(again.imageUrl).set(uploaderOf(again)).expect(200);
    const second = (await user.agent.post('/api/posts/publish').send(again).expect(201)).body.id;
    const post = (await request(app.server).get(`/api/posts/${second}`).expect(200)).body;
    await request(app.server).get(post.thumbnailUrl).expect(200);
  });

  it('keeps a stored image that another post still shows', async () => {
    const first = await verifiedUser(app);
    const second = await verifiedUser(app);
    const ratingA = await uploadRating(app, 777);
    const ratingB = await uploadRating(app, 777); // the same photo, uploaded again
    const a = (await first.agent.post('/api/posts/publish').send(ratingA).expect(201)).body.id;
    await second.agent.post('/api/posts/publish').send(ratingB).expect(201);
    await first.agent.delete(`/api/user/posts/${a}`).expect(200);
    const file = join(app.dataDir, ratingA.imageUrl.replace(/^\/uploads\//, 'uploads/'));
    expect(existsSync(file)).toBe(true);
  });
});

describe('the boards', () => {
  let app: TestApp;
  let author: Awaited<ReturnType<typeof verifiedUser>>;
  const voters: Awaited<ReturnType<typeof verifiedUser>>[] = [];
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000' });
    author = await verifiedUser(app);
    for (let i = 0; i < 3; i += 1) voters.push(await verifiedUser(app));
  });
  afterAll(() => app.close());

  const ids = (body: { id: string }[]) => body.map((p) => p.id);

  it('pages through every post exactly once while new posts arrive', async () => {
    const before: string[] = [];
    for (let i = 0; i < 7; i += 1) before.push(await publishPost(app, author));
    const seen: string[] = [];
    let next: string | null = '/api/posts?limit=3';
    let pages = 0;
    while (next) {
      const response = await request(app.server).get(next).expect(200);
      seen.push(...ids(response.body));
      next = nextLink(response.headers.link);
      // A newer post arrives between pages: it belongs before the first page, not in the rest.
      if (pages === 0) await publishPost(app, author);
      pages += 1;
    }
    expect(seen.filter((id) => before.includes(id))).toEqual([...before].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBeGreaterThanOrEqual(3);
  });

  it('ranks Top Rated by rating, then votes, then the earlier post; unrated posts last', async () => {
    const fresh = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000' });
    try {
      const owner = await verifiedUser(fresh);
      const raters = [await verifiedUser(fresh), await verifiedUser(fresh)];
      // Fixed seeds, one per post: random ones could draw two photos alike enough to be
      // refused as the same photo posted again.
      let seed = 500;
      const direct = async () => {
        const jpeg = await makeJpeg({ width: 256, height: 256, seed: (seed += 1) });
        return (
          await owner.agent
            .post('/api/posts/publish-direct')
            .attach('image', jpeg, { filename: 'f.jpg', contentType: 'image/jpeg' })
            .expect(201)
        ).body.id as string;
      };
      const unrated = await direct();
      const eightOnce = await direct();
      const eightTwice = await direct();
      const nine = await direct();
      const eightOnceLater = await direct();
      const rate = (user: (typeof raters)[number], postId: string, overallScore: number) =>
        user.agent.post('/api/ratings/submit').send({ postId, overallScore }).expect(201);
      await rate(raters[0], eightOnce, 8);
      await rate(raters[0], eightTwice, 8);
      await rate(raters[1], eightTwice, 8);
      await rate(raters[0], nine, 9);
      await rate(raters[0], eightOnceLater, 8);

      const response = await request(fresh.server).get('/api/posts?sort=top').expect(200);
      expect(ids(response.body)).toEqual([nine, eightTwice, eightOnce, eightOnceLater, unrated]);
      expect(response.body.map((p: { rank: number }) => p.rank)).toEqual([1, 2, 3, 4, 5]);
      expect(response.body.map((p: { averageRating: string | null }) => p.averageRating)).toEqual([
        '9.0',
        '8.0',
        '8.0',
        '8.0',
        null,
      ]);
      // Ranks continue on the next page.
      const page1 = await request(fresh.server).get('/api/posts?sort=top&limit=2').expect(200);
      const page2 = await request(fresh.server).get(nextLink(page1.headers.link)!).expect(200);
      expect(page2.body.map((p: { rank: number }) => p.rank)).toEqual([3, 4]);
      // Recent has no ranks.
      const recent = await request(fresh.server).get('/api/posts').expect(200);
      expect(recent.body[0].rank).toBeUndefined();
      expect(recent.headers.link).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });

  it('searches by display or anonymous username, case-insensitively', async () => {
    const named = await verifiedUser(app);
    const name = `Tiptoe${Date.now() % 100000}`;
    await named.agent.patch('/api/user/profile').send({ displayUsername: name }).expect(200);
    const id = await publishPost(app, named);
    const byDisplay = await request(app.server)
      .get(`/api/posts?q=${name.toLowerCase().slice(0, 8)}`)
      .expect(200);
    expect(ids(byDisplay.body)).toEqual([id]);
    const byAnonymous = await request(app.server)
      .get(`/api/posts?q=${encodeURIComponent(named.user.anonymousUsername.toUpperCase())}`)
      .expect(200);
    expect(ids(byAnonymous.body)).toEqual([id]);
    const none = await request(app.server).get('/api/posts?q=%5E.*(nobody)').expect(200);
    expect(none.body).toEqual([]);
  });

  it('gives a searched post its rank on the whole board, on both boards', async () => {
    const named = await verifiedUser(app);
    const name = `Arch${Date.now() % 100000}`;
    await named.agent.patch('/api/user/profile').send({ displayUsername: name }).expect(200);
    const id = await publishPost(app, named);
    await voters[0].agent.post('/api/ratings/submit').send({ postId: id, overallScore: 0 });
    for (const board of ['/api/posts?sort=top', '/api/leaderboard/weekly?']) {
      const whole = await request(app.server).get(`${board}&limit=100`).expect(200);
      const onBoard = whole.body.find((p: { id: string }) => p.id === id);
      expect(onBoard.rank).toBeGreaterThan(1);
      const searched = await request(app.server).get(`${board}&q=${name}`).expect(200);
      expect(searched.body.map((p: { id: string; rank: number }) => [p.id, p.rank])).toEqual([
        [id, onBoard.rank],
      ]);
    }
    const nobody = await request(app.server).get('/api/leaderboard/weekly?q=nobody-at-all');
    expect(nobody.body).toEqual([]);
  });

  it('answers a board page with an ETag, 304 while unchanged, and a like at once', async () => {
    const first = await request(app.server).get('/api/posts?limit=5').expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // As sent, uncompressed: 304 with no body and no type, and HEAD with the headers only.
    const plain = await rawRequest(app.server, '/api/posts?limit=5');
    const plainTag = plain.headers.etag as string;
    const unchanged = await rawRequest(app.server, '/api/posts?limit=5', {
      'If-None-Match': plainTag,
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.raw.length).toBe(0);
    expect(unchanged.headers['content-type']).toBeUndefined();
    const head = await rawRequest(app.server, '/api/posts?limit=5', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(plainTag);
    expect(Number(head.headers['content-length'])).toBe(plain.raw.length);
    expect(head.raw.length).toBe(0);
    const postId = first.body[0].id as string;
    await voters[1].agent.post(`/api/posts/${postId}/like`).expect(200);
    const after = await request(app.server)
      .get('/api/posts?limit=5')
      .set('If-None-Match', etag)
      .expect(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body[0].likesCount).toBe(first.body[0].likesCount + 1);
  });

  it('compresses a board page once per encoding, with an ETag per representation', async () => {
    const path = '/api/posts?limit=5';
    const plain = await rawRequest(app.server, path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
    ] as const) {
      const answer = await rawRequest(app.server, path, { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['vary']).toContain('Accept-Encoding');
      expect(answer.headers['content-type']).toContain('application/json');
      expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
      expect(answer.raw.length).toBeLessThan(plain.raw.length);
      expect(answer.decoded.equals(plain.raw)).toBe(true);
      const etag = answer.headers.etag as string;
      expect(etag).not.toBe(plain.headers.etag);
      const again = await rawRequest(app.server, path, {
        'Accept-Encoding': accept,
        'If-None-Match': etag,
      });
      expect(again.status).toBe(304);
    }
    const identity = await rawRequest(app.server, path, { 'Accept-Encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.raw.equals(plain.raw)).toBe(true);
  });

  it('refuses bad paging parameters with a message', async () => {
    // Each asked twice: a query checked once is answered the same way again.
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'sort=best', 'cursor=garbage']) {
      const response = await request(app.server).get(`/api/posts?${query}`).expect(400);
      expect(response.body.message).toEqual(expect.any(String));
      const again = await request(app.server).get(`/api/posts?${query}`).expect(400);
      expect(again.body).toEqual(response.body);
    }
    for (let i = 0; i < 2; i++) {
      const two = await request(app.server).get('/api/posts?limit=2').expect(200);
      expect(two.body).toHaveLength(2);
    }
    const defaults = await request(app.server).get('/api/posts').expect(200);
    expect(defaults.body.length).toBeLessThanOrEqual(24);
    // Unknown query parameters are dropped, as addresses carry them (cache-busters, tags).
    await request(app.server).get('/api/posts?_=1700000000&utm_source=x').expect(200);
    await request(app.server).get('/api/leaderboard/weekly?_=1').expect(200);
    // An address past Node's header limit still gets the api's error shape.
    const huge = await request(app.server).get(`/api/posts?cursor=${'a'.repeat(100_000)}`);
    expect(huge.status).toBe(431);
    expect(huge.body.message).toEqual(expect.any(String));
  });

  it('ranks this week’s posts on the weekly board', async () => {
    const response = await request(app.server).get('/api/leaderboard/weekly').expect(200);
    expect(response.body.length).toBeGreaterThan(0);
    expect(response.body.map((p: { rank: number }) => p.rank)).toEqual(
      response.body.map((_: unknown, i: number) => i + 1),
    );
    const ratings = response.body.map((p: { averageRating: string | null }) =>
      p.averageRating === null ? -1 : Number(p.averageRating),
    );
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  });
});
