import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { rawRequest } from '../support/raw-get';
import { registerUser, type RegisteredUser } from '../support/accounts';
import {
  apiSpec,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  type ApiRequest,
} from '../support/api-specification';
import {
  nextLink,
  publishPost,
  type RatingResult,
  uploadRating,
  uploaderOf,
  verifiedUser,
} from '../support/community';
import { directPost, publishedPost, ratedPost } from '../support/community-history';
import { makeJpeg } from '../support/test-images';
import { editPhoto, fixturePhoto } from '../../src/bench/repost-edits';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

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

/** What the requests of these suites share: publishing, reading a post, deleting one. */
function steps(app: () => TestApp) {
  const publish = (user: RegisteredUser, rating: object) => (request: ApiRequest) =>
    request.as(user).post('/api/posts/publish').send(rating);
  const publishDirect =
    (user: RegisteredUser | undefined, image: Buffer, filename = 'feet.jpg') =>
    (request: ApiRequest) =>
      (user ? request.as(user) : request)
        .post('/api/posts/publish-direct')
        .attach('image', image, { filename, contentType: 'image/jpeg' });
  const read = async (id: string, viewer?: RegisteredUser) =>
    (
      await apiSpec(app())
        .when((request) => (viewer ? request.as(viewer) : request).get(`/api/posts/${id}`))
        .then([expectResponse(200)])
    ).body as Schema<'PostPageResponse'>;
  const remove = (user: RegisteredUser, id: string) => (request: ApiRequest) =>
    request.as(user).delete(`/api/user/posts/${id}`);
  const ownPosts = async (user: RegisteredUser) =>
    (
      await apiSpec(app())
        .when((request) => request.as(user).get('/api/user/posts'))
        .then([expectResponse(200)])
    ).body as Schema<'OwnPostResponse'>[];
  const idOf = (response: Response) => (response.body as Schema<'IdResponse'>).id;
  return { publish, publishDirect, read, remove, ownPosts, idOf };
}

describe('publishing posts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000' });
  });
  afterAll(() => app.close());
  const { publish, publishDirect, read, remove, ownPosts, idOf } = steps(() => app);

  it('given a rating and an account just registered, when it publishes the rating, then the post is made from the server’s own record', async () => {
    const user = await registerUser(app); // not verified: publishing does not need it
    const rating = await uploadRating(app);

    const response = await apiSpec(app)
      .when(publish(user, rating))
      .then([expectResponse(201, { body: { id: expect.any(String) } })]);

    const id = idOf(response);
    const post = await read(id);
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
    const [published] = await app.events.readStream(`post-${id}`);
    expect(published.type).toBe('PostPublished');
    expect(published.metadata.actor).toEqual({ type: 'user', id: user.user.id });
  });

  it('given a rating, when it is published with averageRating as a number, then it is taken', async () => {
    const user = await verifiedUser(app);
    const rating = await uploadRating(app);

    await apiSpec(app)
      .when(publish(user, { ...rating, averageRating: Number(rating.averageRating) }))
      .then([expectResponse(201)]);
  });

  it('given a rating, when it is published with other scores or for an unknown image, then it is refused, and a second publish answers the same post', async () => {
    const user = await verifiedUser(app);
    const rating = await uploadRating(app);
    const recordsNothing = async ({ allNewEvents }: { allNewEvents: () => Promise<unknown[]> }) =>
      expect(await allNewEvents()).toEqual([]);

    await apiSpec(app)
      .when(publish(user, { ...rating, averageRating: '10.0', toeNails: 10 }))
      .then([
        expectError(400, 'These scores are not the ones this photo was rated with'),
        recordsNothing,
      ]);
    await apiSpec(app)
      .when(publish(user, { ...rating, imageUrl: `/uploads/ff/${'f'.repeat(64)}.webp` }))
      .then([
        expectError(404, 'We have no rating for that photo: please upload it again'),
        recordsNothing,
      ]);

    const first = await apiSpec(app)
      .when(publish(user, rating))
      .then([expectResponse(201)]);
    await apiSpec(app)
      .when(publish(user, rating))
      .then([expectResponse(201, { body: first.body }), expectNoNewEvents(`post-${idOf(first)}`)]);
    expect(await ownPosts(user)).toHaveLength(1);
  });

  it('given a rating, when three publishes of it race, then one post, the answer of each', async () => {
    const user = await verifiedUser(app);
    const rating = await uploadRating(app);
    let answers: Response[] = [];

    await apiSpec(app)
      .when(async (request) => {
        answers = await Promise.all([1, 2, 3].map(() => publish(user, rating)(request)));
        return answers[0];
      })
      .then([
        async ({ allNewEvents }) =>
          expect(
            (await allNewEvents()).filter((event) => event.type === 'PostPublished'),
          ).toHaveLength(1),
      ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => idOf(a))).size).toBe(1);
    expect(await ownPosts(user)).toHaveLength(1);
  });

  // Each round races three publishes after two sign-ups and an upload (the content gate runs on
  // the CPU): on a loaded machine a round takes seconds, so the test has its own hang guard.
  it('given a visitor’s rating, when someone who learnt its image address races its uploader, then 403 to them and the uploader posts', async () => {
    for (let round = 0; round < 10; round += 1) {
      const thief = await verifiedUser(app);
      const uploader = await verifiedUser(app);
      // A visitor's upload: the rating answer, its publish key included, goes to the uploader only.
      const rating = await uploadRating(app);
      const { publishKey, ...learnt } = rating;
      expect(publishKey).toEqual(expect.any(String));
      let answers: Response[] = [];

      // The thief races the uploader with what the image address and its page give away.
      await apiSpec(app)
        .when(async (request) => {
          answers = await Promise.all([
            publish(thief, learnt)(request),
            publish(thief, { ...learnt, publishKey: 'x'.repeat(32) })(request),
            publish(uploader, rating)(request),
          ]);
          return answers[0];
        })
        .then([
          expectError(
            403,
            'Only the person who uploaded this photo can post it: please upload your own photo',
          ),
        ]);
      const [, guessed, own] = answers;
      expect(guessed.status).toBe(403);
      expect(own.status).toBe(201);
    }
  }, 120_000);

  it('given a rating, when its publish key is not text, then 400', async () => {
    const user = await verifiedUser(app);
    const rating = await uploadRating(app);

    await apiSpec(app)
      .when(publish(user, { ...rating, publishKey: 42 }))
      .then([expectError(400, 'publishKey must be the publish key the upload answered')]);
  });

  it('given a rating, when it is published without one of its eight fields, with another, or signed out, then it is refused', async () => {
    const user = await verifiedUser(app);
    const rating = await uploadRating(app);
    const { aiComment: _dropped, ...partial } = rating;

    await apiSpec(app)
      .when(publish(user, partial))
      .then([expectError(400, 'A rating needs all eight fields of the rating result')]);
    await apiSpec(app)
      .when(publish(user, { ...rating, userId: 'someone' }))
      .then([expectError(400, /userId/)]);
    await apiSpec(app)
      .when((request) => request.post('/api/posts/publish').send(rating))
      .then([expectError(401, 'Please sign in to continue.')]);
  });

  it('given a member, when they post a photo directly, then it has no AI scores and the community alone rates it', async () => {
    const user = await verifiedUser(app);
    const jpeg = await makeJpeg({ width: 384, height: 256, seed: 4242 });

    const response = await apiSpec(app)
      .when(publishDirect(user, jpeg))
      .then([expectResponse(201)]);

    const [published] = await app.events.readStream(`post-${idOf(response)}`);
    expect(published.data).toMatchObject({ ai: null, authorId: user.user.id });
    const post = await read(idOf(response));
    expect(post).toMatchObject({ averageRating: null, voteCount: 0, aiRating: null });
    expect(post.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
  });

  it('given three ratings of one photo, when its owner and another account publish them, then the re-post is held, flagged, and the owner refused a second live post of it', async () => {
    const original = await verifiedUser(app);
    const copier = await verifiedUser(app);
    const photoSeed = 777_001;
    // Rated before anyone posted it, so nothing refused them: publishing still flags the copy.
    const ratings: RatingResult[] = [
      await uploadRating(app, photoSeed),
      await uploadRating(app, photoSeed),
      await uploadRating(app, photoSeed),
    ];
    const first = idOf(
      await apiSpec(app)
        .when(publish(original, ratings[0]))
        .then([expectResponse(201)]),
    );
    await apiSpec(app)
      .when(publish(original, ratings[1]))
      .then([expectError(409, 'You have already posted this photo')]);
    const repost = idOf(
      await apiSpec(app)
        .when(publish(copier, ratings[2]))
        .then([expectResponse(201)]),
    );
    expect((await read(first)).moderationFlags).toEqual([]);
    // Held for a moderator instead of public: its author sees it, flagged; nobody else does.
    await apiSpec(app)
      .when((request) => request.get(`/api/posts/${repost}`))
      .then([expectError(404)]);
    expect((await read(repost, copier)).moderationFlags).toEqual(['repost']);

    // Once posted, the same photo resized and re-encoded is refused to a third account before
    // it is rated, and to its owner as a second post of it.
    const resized = await makeJpeg({ width: 480, height: 360, seed: photoSeed, quality: 70 });
    await apiSpec(app)
      .when(publishDirect(await verifiedUser(app), resized, 'copy.jpg'))
      .then([expectError(422, /looks like a photo already on SoleScore/)]);
    await apiSpec(app)
      .when(publishDirect(original, resized, 'copy.jpg'))
      .then([expectError(409, 'You have already posted this photo')]);
    // Once its author deleted the post, they may post the photo again; the copier's post is
    // gone too, so nothing flags it.
    for (const [user, id] of [
      [original, first],
      [copier, repost],
    ] as const) {
      await apiSpec(app)
        .when(remove(user, id))
        .then([
          expectResponse(200),
          expectNewEvents(`post-${id}`, [{ type: 'PostDeleted', data: { postId: id } }]),
        ]);
    }
    const again = await apiSpec(app)
      .when(publishDirect(original, resized, 'copy.jpg'))
      .then([expectResponse(201)]);
    expect((await read(idOf(again))).moderationFlags).toEqual([]);
  }, 120_000);

  it('given a member’s post of a real photo, when its mirror, crop or turn is posted, then it is refused to another account and to the member as a second post of it', async () => {
    const owner = await verifiedUser(app);
    const photo = fixturePhoto('content-gate/plain/coffee.jpg');
    const posted = idOf(
      await apiSpec(app)
        .when(publishDirect(owner, photo, 'photo.jpg'))
        .then([expectResponse(201)]),
    );
    for (const kind of [
      'mirror',
      'crop 5% corner',
      'turn 3° trim',
      'crop 15% corner',
      'crop 15% side',
      'turn 10° fill',
    ] as const) {
      const edited = await editPhoto(photo, kind);
      await apiSpec(app)
        .when(publishDirect(await verifiedUser(app), edited, 'photo.jpg'))
        .then([expectError(422, /looks like a photo already on SoleScore/)]);
      await apiSpec(app)
        .when(publishDirect(owner, edited, 'photo.jpg'))
        .then([expectError(409, 'You have already posted this photo')]);
    }
    await apiSpec(app)
      .when(remove(owner, posted))
      .then([expectResponse(200)]);
  }, 120_000);

  it('given two ratings of one photo, when one account publishes both at once, then one is posted and the other refused, in rounds', async () => {
    for (let round = 0; round < 5; round += 1) {
      const user = await verifiedUser(app);
      const seed = 778_100 + round;
      const ratings = [await uploadRating(app, seed), await uploadRating(app, seed)];
      let answers: Response[] = [];

      await apiSpec(app)
        .when(async (request) => {
          answers = await Promise.all(ratings.map((rating) => publish(user, rating)(request)));
          return answers[0];
        })
        .then([]);

      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.status === 409)!;
      expect(refused.body).toEqual({ message: 'You have already posted this photo' });
    }
  }, 120_000);

  it('given a visitor, or a member without an image, when they post directly, then it is refused (the visitor before the photo is read)', async () => {
    const jpeg = await makeJpeg({ width: 384, height: 256, seed: 4243 });
    const user = await verifiedUser(app);

    await apiSpec(app)
      .when(publishDirect(undefined, jpeg))
      .then([expectError(401, 'Please log in or register to post directly without rating.')]);
    await apiSpec(app)
      .when((request) => request.as(user).post('/api/posts/publish-direct'))
      .then([expectError(400)]);
    const notImage = await apiSpec(app)
      .when(publishDirect(user, Buffer.from('not an image at all')))
      .then([]);
    expect(notImage.status).toBeGreaterThanOrEqual(400);
    expect(notImage.status).toBeLessThan(500);
  });

  it.each(['nope', '00000000-0000-4000-8000-000000000000', '%20'])(
    'given no post %p, when it is read, then 404 Post not found',
    async (id) => {
      await apiSpec(app)
        .when((request) => request.get(`/api/posts/${id}`))
        .then([expectError(404, 'Post not found')]);
    },
  );

  it('given an old post, when its author changes their profile, then the post shows the current one', async () => {
    const user = await verifiedUser(app);
    const id = randomUUID();
    const displayUsername = `Renamed${Date.now() % 100000}`;

    await apiSpec(app)
      .given(publishedPost(id, user.user.id))
      .when((request) =>
        request.as(user).patch('/api/user/profile').send({ displayUsername, bio: 'Hi' }),
      )
      .then([expectResponse(200)]);

    expect(await read(id)).toMatchObject({ displayUsername, bio: 'Hi' });
  });
});

describe('own posts, deleting, and profiles', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000' });
  });
  afterAll(() => app.close());
  const { publish, publishDirect, read, remove, ownPosts, idOf } = steps(() => app);

  it('given two posts of a member, when they list their own posts, then newest first, in the own-posts shape; a visitor is refused', async () => {
    const user = await verifiedUser(app);
    const [first, second] = [randomUUID(), randomUUID()];

    const { body } = await apiSpec(app)
      .given(publishedPost(first, user.user.id), publishedPost(second, user.user.id))
      .when((request) => request.as(user).get('/api/user/posts'))
      .then([expectResponse(200)]);

    const posts = body as Schema<'OwnPostResponse'>[];
    expect(posts.map((p) => p.id)).toEqual([second, first]);
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
    await apiSpec(app)
      .when((request) => request.get('/api/user/posts'))
      .then([expectError(401)]);
  });

  it('given a member’s post, when their public profile is read, then it lists the post', async () => {
    const user = await verifiedUser(app);
    const id = randomUUID();

    const { body } = await apiSpec(app)
      .given(publishedPost(id, user.user.id))
      .when((request) => request.get(`/api/users/${user.user.id}`))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({
            posts: [
              expect.objectContaining({ id, overallRating: expect.stringMatching(/^\d+\.\d$/) }),
            ],
          }),
        }),
      ]);

    expect(Object.keys((body as { posts: object[] }).posts[0]).sort()).toEqual(
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

  it('given a post another member liked and commented, when its owner deletes it, then it is gone everywhere, with its comments, and its image once unused', async () => {
    const owner = await verifiedUser(app);
    const other = await verifiedUser(app);
    const id = await publishPost(app, owner);
    const post = await read(id);
    await apiSpec(app)
      .when((request) => request.as(other).post(`/api/posts/${id}/like`))
      .then([expectResponse(200)]);
    await apiSpec(app)
      .when((request) => request.as(other).post(`/api/posts/${id}/comments`).send({ text: 'Nice' }))
      .then([expectResponse(201)]);

    await apiSpec(app)
      .when(remove(other, id))
      .then([
        expectError(403, 'You can only delete your own posts'),
        expectNoNewEvents(`post-${id}`),
      ]);
    await apiSpec(app)
      .when(remove(owner, id))
      .then([
        expectResponse(200, { body: { success: true } }),
        expectNewEvents(`post-${id}`, [{ type: 'PostDeleted', data: { postId: id } }]),
      ]);

    for (const path of [`/api/posts/${id}`, `/api/posts/${id}/comments`]) {
      await apiSpec(app)
        .when((request) => request.get(path))
        .then([expectError(404)]);
    }
    const board = await apiSpec(app)
      .when((request) => request.get('/api/posts?limit=100'))
      .then([expectResponse(200)]);
    expect((board.body as { id: string }[]).map((p) => p.id)).not.toContain(id);
    expect(await ownPosts(owner)).toEqual([]);
    await apiSpec(app)
      .when((request) => request.get(`/api/users/${owner.user.id}`))
      .then([expectResponse(200, { body: expect.objectContaining({ posts: [] }) })]);
    const file = join(app.dataDir, post.imageUrl.replace(/^\/uploads\//, 'uploads/'));
    expect(existsSync(file)).toBe(false);

    await apiSpec(app)
      .when(remove(owner, id))
      .then([expectError(404)]);
  });

  it('given a direct post, when its owner deletes it, then its image and thumbnail go with it', async () => {
    const owner = await verifiedUser(app);
    const jpeg = await makeJpeg({ width: 384, height: 256, seed: 4343 });
    const id = idOf(
      await apiSpec(app)
        .when(publishDirect(owner, jpeg))
        .then([expectResponse(201)]),
    );
    const post = await read(id);
    const statuses = async () => {
      const answers: number[] = [];
      for (const url of [post.imageUrl, post.thumbnailUrl]) {
        answers.push(
          (
            await apiSpec(app)
              .when((request) => request.get(url))
              .then([])
          ).status,
        );
      }
      return answers;
    };
    expect(await statuses()).toEqual([200, 200]);

    await apiSpec(app)
      .when(remove(owner, id))
      .then([expectResponse(200, { body: { success: true } })]);

    // The files go after the answer: wait for it, bounded by the test's timeout.
    let after = await statuses();
    while (!after.every((status) => status === 404)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await statuses();
    }
    expect(after).toEqual([404, 404]);
  });

  it('given a photo rated twice, when the post of the first rating is deleted, then the image the second, not yet published, uses is kept', async () => {
    const user = await verifiedUser(app);
    const first = await uploadRating(app, 778);
    const again = await uploadRating(app, 778); // the same photo, rated again, not posted yet
    const id = idOf(
      await apiSpec(app)
        .when(publish(user, first))
        .then([expectResponse(201)]),
    );

    await apiSpec(app)
      .when(remove(user, id))
      .then([expectResponse(200)]);

    await apiSpec(app)
      .when((request) => request.get(again.imageUrl).set(uploaderOf(again)))
      .then([expectResponse(200)]);
    const second = idOf(
      await apiSpec(app)
        .when(publish(user, again))
        .then([expectResponse(201)]),
    );
    const post = await read(second);
    await apiSpec(app)
      .when((request) => request.get(post.thumbnailUrl))
      .then([expectResponse(200)]);
  });

  it('given one photo posted by two members, when one deletes their post, then the image the other still shows is kept', async () => {
    const first = await verifiedUser(app);
    const second = await verifiedUser(app);
    const ratingA = await uploadRating(app, 777);
    const ratingB = await uploadRating(app, 777); // the same photo, uploaded again
    const a = idOf(
      await apiSpec(app)
        .when(publish(first, ratingA))
        .then([expectResponse(201)]),
    );
    await apiSpec(app)
      .when(publish(second, ratingB))
      .then([expectResponse(201)]);

    await apiSpec(app)
      .when(remove(first, a))
      .then([expectResponse(200)]);

    const file = join(app.dataDir, ratingA.imageUrl.replace(/^\/uploads\//, 'uploads/'));
    expect(existsSync(file)).toBe(true);
  });
});

describe('the boards', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000' });
  });
  afterAll(() => app.close());

  const ids = (body: { id: string }[]) => body.map((p) => p.id);
  const get = (path: string) =>
    apiSpec(app)
      .when((request) => request.get(path))
      .then([expectResponse(200)]);
  /** Posts by a fresh member, as their streams record them: their ids (oldest first) and history. */
  async function posts(count: number) {
    const author = await verifiedUser(app);
    const postIds: string[] = Array.from({ length: count }, () => randomUUID());
    return { author, postIds, history: postIds.map((id) => publishedPost(id, author.user.id)) };
  }

  it('given seven posts, when the board is paged while a new post arrives, then every post is seen exactly once', async () => {
    const { author, postIds: before, history } = await posts(7);
    const seen: string[] = [];
    let next: string | null = '/api/posts?limit=3';
    let pages = 0;

    let page = await apiSpec(app)
      .given(...history)
      .when((request) => request.get(next!))
      .then([expectResponse(200)]);
    for (;;) {
      seen.push(...ids(page.body as { id: string }[]));
      next = nextLink(page.headers.link);
      pages += 1;
      if (!next) break;
      // A newer post arrives between pages: it belongs before the first page, not in the rest.
      const arriving = pages === 1 ? [publishedPost(randomUUID(), author.user.id)] : [];
      page = await apiSpec(app)
        .given(...arriving)
        .when((request) => request.get(next!))
        .then([expectResponse(200)]);
    }
    expect(seen.filter((id) => before.includes(id))).toEqual([...before].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBeGreaterThanOrEqual(3);
  });

  it('given posts rated 9, 8 twice, 8 once, 8 once later and one unrated, when Top Rated is read, then by rating, then votes, then the earlier post, unrated last', async () => {
    // The whole board is the point: an app of its own, with only these posts on it.
    const fresh = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000' });
    try {
      const owner = await verifiedUser(fresh);
      const raters = [await verifiedUser(fresh), await verifiedUser(fresh)];
      const [unrated, eightOnce, eightTwice, nine, eightOnceLater] = Array.from({ length: 5 }, () =>
        randomUUID(),
      );
      const rated = (rater: RegisteredUser, postId: string, score: number) =>
        ratedPost(postId, rater.user.id, owner.user.id, score);

      const response = await apiSpec(fresh)
        .given(
          ...[unrated, eightOnce, eightTwice, nine, eightOnceLater].map((id) =>
            directPost(id, owner.user.id),
          ),
          rated(raters[0], eightOnce, 8),
          rated(raters[0], eightTwice, 8),
          rated(raters[1], eightTwice, 8),
          rated(raters[0], nine, 9),
          rated(raters[0], eightOnceLater, 8),
        )
        .when((request) => request.get('/api/posts?sort=top'))
        .then([expectResponse(200)]);

      const board = response.body as Schema<'PostResponse'>[];
      expect(ids(board)).toEqual([nine, eightTwice, eightOnce, eightOnceLater, unrated]);
      expect(board.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5]);
      expect(board.map((p) => p.averageRating)).toEqual(['9.0', '8.0', '8.0', '8.0', null]);
      // Ranks continue on the next page.
      const page1 = await apiSpec(fresh)
        .when((request) => request.get('/api/posts?sort=top&limit=2'))
        .then([expectResponse(200)]);
      const page2 = await apiSpec(fresh)
        .when((request) => request.get(nextLink(page1.headers.link)!))
        .then([expectResponse(200)]);
      expect((page2.body as Schema<'PostResponse'>[]).map((p) => p.rank)).toEqual([3, 4]);
      // Recent has no ranks.
      const recent = await apiSpec(fresh)
        .when((request) => request.get('/api/posts'))
        .then([expectResponse(200)]);
      expect(recent.body[0].rank).toBeUndefined();
      expect(recent.headers.link).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });

  it('given a member with a display name and a post, when the board is searched by either name, whatever the case, then their post', async () => {
    const named = await verifiedUser(app);
    const name = `Tiptoe${Date.now() % 100000}`;
    const id = randomUUID();

    await apiSpec(app)
      .given(publishedPost(id, named.user.id))
      .when((request) =>
        request.as(named).patch('/api/user/profile').send({ displayUsername: name }),
      )
      .then([expectResponse(200)]);

    expect(ids((await get(`/api/posts?q=${name.toLowerCase().slice(0, 8)}`)).body)).toEqual([id]);
    const anonymous = encodeURIComponent(named.user.anonymousUsername.toUpperCase());
    expect(ids((await get(`/api/posts?q=${anonymous}`)).body)).toEqual([id]);
    expect((await get('/api/posts?q=%5E.*(nobody)')).body).toEqual([]);
  });

  it('given a post rated below another, when its author’s name is searched, then it has its rank on the whole board, on both boards', async () => {
    const named = await verifiedUser(app);
    const voter = await verifiedUser(app);
    const { history: higher } = await posts(1);
    const name = `Arch${Date.now() % 100000}`;
    const id = randomUUID();

    await apiSpec(app)
      .given(
        ...higher,
        publishedPost(id, named.user.id),
        ratedPost(id, voter.user.id, named.user.id, 0),
      )
      .when((request) =>
        request.as(named).patch('/api/user/profile').send({ displayUsername: name }),
      )
      .then([expectResponse(200)]);

    for (const board of ['/api/posts?sort=top', '/api/leaderboard/weekly?']) {
      const whole = await get(`${board}&limit=100`);
      const onBoard = (whole.body as Schema<'PostResponse'>[]).find((p) => p.id === id)!;
      expect(onBoard.rank).toBeGreaterThan(1);
      const searched = await get(`${board}&q=${name}`);
      expect((searched.body as Schema<'PostResponse'>[]).map((p) => [p.id, p.rank])).toEqual([
        [id, onBoard.rank],
      ]);
    }
    expect((await get('/api/leaderboard/weekly?q=nobody-at-all')).body).toEqual([]);
  });

  it('given posts on the board, when a page is asked again, then an ETag, 304 while unchanged, and a like shows at once', async () => {
    const { history } = await posts(5);
    const voter = await verifiedUser(app);

    const first = await apiSpec(app)
      .given(...history)
      .when((request) => request.get('/api/posts?limit=5'))
      .then([
        expectResponse(200, {
          headers: {
            etag: expect.stringMatching(/^"[^"]+"$/),
            'content-type': 'application/json; charset=utf-8',
          },
        }),
      ]);
    const etag = first.headers.etag as string;
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

    const top = (first.body as Schema<'PostResponse'>[])[0];
    await apiSpec(app)
      .when((request) => request.as(voter).post(`/api/posts/${top.id}/like`))
      .then([expectResponse(200)]);
    const after = await apiSpec(app)
      .when((request) => request.get('/api/posts?limit=5').set('If-None-Match', etag))
      .then([expectResponse(200)]);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.body as Schema<'PostResponse'>[])[0].likesCount).toBe(top.likesCount + 1);
  });

  it('given a board page, when it is asked in each encoding, then it is compressed once per encoding, with an ETag per representation', async () => {
    const { history } = await posts(5);
    const path = '/api/posts?limit=5';
    await apiSpec(app)
      .given(...history)
      .when((request) => request.get(path))
      .then([expectResponse(200)]);

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

  it.each(['limit=0', 'limit=101', 'limit=abc', 'sort=best', 'cursor=garbage'])(
    'given the paging parameter %p, when the board is asked twice, then the same 400 with a message',
    async (query) => {
      // A query checked once is answered the same way again.
      const first = await apiSpec(app)
        .when((request) => request.get(`/api/posts?${query}`))
        .then([expectError(400)]);
      await apiSpec(app)
        .when((request) => request.get(`/api/posts?${query}`))
        .then([expectResponse(400, { body: first.body })]);
    },
  );

  it('given posts, when the board is asked with a limit, none, parameters it does not know, or an address too long, then pages of that size, the default, and the api’s error shape', async () => {
    const { history } = await posts(2);
    await apiSpec(app)
      .given(...history)
      .when((request) => request.get('/api/posts?limit=2'))
      .then([expectResponse(200)]);
    for (let i = 0; i < 2; i++) {
      expect((await get('/api/posts?limit=2')).body).toHaveLength(2);
    }
    expect(((await get('/api/posts')).body as unknown[]).length).toBeLessThanOrEqual(24);
    // Unknown query parameters are dropped, as addresses carry them (cache-busters, tags).
    await get('/api/posts?_=1700000000&utm_source=x');
    await get('/api/leaderboard/weekly?_=1');
    // An address past Node's header limit still gets the api's error shape.
    await apiSpec(app)
      .when((request) => request.get(`/api/posts?cursor=${'a'.repeat(100_000)}`))
      .then([expectError(431)]);
  });

  it('given rated posts this week, when the weekly board is read, then ranked by rating', async () => {
    const { author, postIds, history } = await posts(3);
    const voter = await verifiedUser(app);

    const response = await apiSpec(app)
      .given(
        ...history,
        ratedPost(postIds[0], voter.user.id, author.user.id, 2),
        ratedPost(postIds[1], voter.user.id, author.user.id, 10),
      )
      .when((request) => request.get('/api/leaderboard/weekly'))
      .then([expectResponse(200)]);

    const board = response.body as Schema<'PostResponse'>[];
    expect(board.length).toBeGreaterThan(0);
    expect(board.map((p) => p.rank)).toEqual(board.map((_, i) => i + 1));
    const ratings = board.map((p) => (p.averageRating === null ? -1 : Number(p.averageRating)));
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    // Rated 10 over its AI's 7, the best of the week: it leads.
    expect(board[0].id).toBe(postIds[1]);
  });
});
