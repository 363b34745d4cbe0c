import { CommandBus } from '@nestjs/cqrs';
import sharp from 'sharp';
import { PostCommentCommand } from '../../src/application/community/post-comment/post-comment.command';
import { PublishRatingCommand } from '../../src/application/community/publish-rating/publish-rating.command';
import { RatePostCommand } from '../../src/application/community/rate-post/rate-post.command';
import { SetLikeCommand } from '../../src/application/community/set-like/set-like.command';
import { WeeklyCompetitions } from '../../src/application/community/weekly-competitions';
import { eventsOf, type RegisteredUser } from '../support/accounts';
import { signedInAdmin } from '../support/admins';
import {
  apiSpec,
  expectError,
  expectNewEvents,
  expectResponse,
  type ApiRequest,
} from '../support/api-specification';
import { publishPost, publishRating, uploadRating, verifiedUser } from '../support/community';
import { makeJpeg } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, TestClock } from '../support/test-clock';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };
const ENV = { ...ADMIN, UPLOAD_LIMIT_PER_HOUR: '100000' };
type Post = Schema<'PostPageResponse'>;

/**
 * What a moderator decides reaches every copy of the photo: both stored sizes answer 404 to the
 * public once a post is removed, hidden, held or its author banned (the author still sees a held
 * or hidden one), a replaced profile picture goes with its original, and the closed weeks'
 * lists drop a winner that left the boards while the others keep their ranks.
 */
describe('moderation reaches every copy of a photo', () => {
  const clock = new TestClock(new Date('2026-11-18T12:00:00Z'));
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(ENV, undefined, { clock });
  });
  afterAll(() => app.close());
  afterEach(() => app.gate.reset());

  type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
  type Viewer = Pick<RegisteredUser, 'agent'> | undefined;
  const as = (request: ApiRequest, viewer: Viewer) => (viewer ? request.as(viewer) : request);

  const postOf = async (id: string, viewer?: Viewer) =>
    (
      await apiSpec(app)
        .when((request) => as(request, viewer).get(`/api/posts/${id}`))
        .then([expectResponse(200)])
    ).body as Post;
  /** The status every stored size answers `viewer` (the public by default). */
  const sizes = (post: Pick<Post, 'imageUrl' | 'thumbnailUrl'>, viewer?: Viewer) =>
    Promise.all(
      [post.imageUrl, post.thumbnailUrl].map(
        async (url) =>
          (
            await apiSpec(app)
              .when((request) => as(request, viewer).get(url))
              .then([])
          ).status,
      ),
    );
  /** A member's post of a photo uploaded through the API (its files stored): the post. */
  const publishedPhoto = async (author: RegisteredUser) => postOf(await publishPost(app, author));
  const moderate =
    (admin: Admin, method: 'patch' | 'post' | 'delete', path: string, body: object = {}) =>
    (request: ApiRequest) =>
      request.as(admin)[method](`/api/rtm-sys${path}`).send(body);

  it('given a public photo, when it is fetched, then a short max-age and its ETag, and a 304 to a revalidation', async () => {
    const author = await verifiedUser(app);
    const post = await publishedPhoto(author);

    const answer = await apiSpec(app)
      .when((request) => request.get(post.imageUrl))
      .then([
        expectResponse(200, {
          headers: {
            'cache-control': 'public, max-age=60, must-revalidate',
            'content-type': 'image/webp',
            etag: expect.stringMatching(/^"[0-9a-f]{64}"$/),
          },
        }),
      ]);
    await apiSpec(app)
      .when((request) => request.get(post.imageUrl).set('If-None-Match', answer.headers.etag))
      .then([
        expectResponse(304, {
          headers: { 'cache-control': 'public, max-age=60, must-revalidate' },
        }),
      ]);
    await apiSpec(app)
      .when((request) => request.get('/uploads/ab/not-a-key.webp'))
      .then([expectResponse(404)]);
  });

  it('given a photo, when an admin removes its post, then both sizes are down for everyone, its author included, and the back office still sees it', async () => {
    const author = await verifiedUser(app);
    const admin = await signedInAdmin(app, ADMIN);
    const post = await publishedPhoto(author);
    expect(await sizes(post)).toEqual([200, 200]);

    await apiSpec(app)
      .when(moderate(admin, 'delete', `/posts/${post.id}`, { reason: 'Not a foot' }))
      .then([
        expectResponse(200),
        expectNewEvents(`post-${post.id}`, [
          { type: 'PostRemoved', data: { reason: 'Not a foot' } },
        ]),
      ]);

    expect(await sizes(post)).toEqual([404, 404]);
    expect(await sizes(post, author)).toEqual([404, 404]);
    await apiSpec(app)
      .when((request) => request.get(post.imageUrl))
      .then([expectResponse(404, { headers: { 'cache-control': 'no-store' } })]);
    // Even a browser revalidating its copy hears it is gone.
    await apiSpec(app)
      .when((request) => request.get(post.imageUrl).set('If-None-Match', '"x"'))
      .then([expectResponse(404)]);

    const adminView = (
      await apiSpec(app)
        .when((request) => request.as(admin).get(`/api/rtm-sys/posts/${post.id}`))
        .then([expectResponse(200)])
    ).body as Schema<'AdminPostResponse'>;
    expect(adminView.imageUrl).toMatch(/^\/api\/rtm-sys\/uploads\//);
    await apiSpec(app)
      .when((request) => request.as(admin).get(adminView.imageUrl))
      .then([expectResponse(200, { headers: { 'content-type': 'image/webp' } })]);
    await apiSpec(app)
      .when((request) => request.get(adminView.imageUrl))
      .then([expectResponse(401)]);
    await apiSpec(app)
      .when((request) => request.as(author).get(adminView.thumbnailUrl))
      .then([expectResponse(401)]);
  });

  it('given a photo, when an admin hides its post, then its author alone sees it, privately, and everyone again once shown', async () => {
    const [author, stranger] = [await verifiedUser(app), await verifiedUser(app)];
    const admin = await signedInAdmin(app, ADMIN);
    const post = await publishedPhoto(author);

    await apiSpec(app)
      .when(moderate(admin, 'patch', `/posts/${post.id}`, { isPublic: false, reason: 'Blurry' }))
      .then([
        expectResponse(200),
        expectNewEvents(`post-${post.id}`, [
          { type: 'PostVisibilityChanged', data: { isPublic: false, reason: 'Blurry' } },
        ]),
      ]);
    expect(await sizes(post)).toEqual([404, 404]);
    expect(await sizes(post, stranger)).toEqual([404, 404]);
    expect(await sizes(post, author)).toEqual([200, 200]);
    await apiSpec(app)
      .when((request) => request.as(author).get(post.imageUrl))
      .then([expectResponse(200, { headers: { 'cache-control': 'private, no-cache' } })]);

    await apiSpec(app)
      .when(moderate(admin, 'patch', `/posts/${post.id}`, { isPublic: true }))
      .then([expectResponse(200)]);
    expect(await sizes(post)).toEqual([200, 200]);
  });

  it('given a hidden photo, when its author rates the same photo again, then the public still cannot fetch it until the post is shown', async () => {
    const author = await verifiedUser(app);
    const admin = await signedInAdmin(app, ADMIN);
    const rate = () => uploadRating(app, 71_002, author.agent);
    const id = await publishRating(author, await rate());
    const post = await postOf(id);
    await apiSpec(app)
      .when(moderate(admin, 'patch', `/posts/${id}`, { isPublic: false, reason: 'Blurry' }))
      .then([expectResponse(200)]);

    // A rating of the same bytes, waiting to be published, opens nothing to the public.
    expect((await rate()).imageUrl).toBe(post.imageUrl);
    expect(await sizes(post)).toEqual([404, 404]);
    expect(await sizes(post, author)).toEqual([200, 200]);

    await apiSpec(app)
      .when(moderate(admin, 'patch', `/posts/${id}`, { isPublic: true }))
      .then([expectResponse(200)]);
    expect(await sizes(post)).toEqual([200, 200]);
  });

  it('given a held photo, when an admin approves the post, then it is its author’s alone until then', async () => {
    const author = await verifiedUser(app);
    const admin = await signedInAdmin(app, ADMIN);
    let id = '';
    const post = await apiSpec(app)
      .given(
        async () =>
          app.gate.decideNext({
            outcome: 'review',
            reason: 'nudity',
            scores: { 'nsfw.sexy': 0.8 },
          }),
        async () => {
          id = await publishRating(author, await uploadRating(app, 71_001, author.agent));
        },
      )
      .when((request) => request.as(author).get(`/api/posts/${id}`))
      .then([expectResponse(200, { body: expect.objectContaining({ heldForReview: true }) })]);
    const held = post.body as Post;

    expect(await sizes(held)).toEqual([404, 404]);
    expect(await sizes(held, author)).toEqual([200, 200]);

    await apiSpec(app)
      .when(moderate(admin, 'patch', `/posts/${id}`, { isModerated: true }))
      .then([
        expectResponse(200),
        expectNewEvents(`post-${id}`, [{ type: 'PostApproved', data: { postId: id } }]),
      ]);
    expect(await sizes(held)).toEqual([200, 200]);
  });

  it('given an author’s photo, when the author is banned, then it is down, and back when the ban is lifted', async () => {
    const author = await verifiedUser(app);
    const admin = await signedInAdmin(app, ADMIN);
    const post = await publishedPhoto(author);

    await apiSpec(app)
      .when(moderate(admin, 'post', `/users/${author.user.id}/ban`, { reason: 'Spam' }))
      .then([expectResponse(200)]);
    expect(await sizes(post)).toEqual([404, 404]);
    expect(await sizes(post, author)).toEqual([404, 404]);

    await apiSpec(app)
      .when(moderate(admin, 'post', `/users/${author.user.id}/lift`))
      .then([expectResponse(200)]);
    expect(await sizes(post)).toEqual([200, 200]);
  });

  it('given comments by a member, when the member is banned, comments are deleted during the ban and the ban is lifted, then the post’s comment count stays true', async () => {
    const [author, banned, other] = [
      await verifiedUser(app),
      await verifiedUser(app),
      await verifiedUser(app),
    ];
    const admin = await signedInAdmin(app, ADMIN);
    const postId = await publishPost(app, author);
    const comment = async (member: RegisteredUser, text: string, parentCommentId?: string) =>
      (
        (
          await apiSpec(app)
            .when((request) =>
              request
                .as(member)
                .post(`/api/posts/${postId}/comments`)
                .send({ text, ...(parentCommentId ? { parentCommentId } : {}) }),
            )
            .then([expectResponse(201)])
        ).body as Schema<'CommentResponse'>
      ).id;
    const removedDuringBan = await comment(banned, 'Removed while banned');
    await comment(banned, 'Kept through the ban');
    const thread = await comment(other, 'A thread of my own');
    await comment(banned, 'A reply in it', thread);
    const counts = async () => {
      const post = await postOf(postId);
      const listed = (
        await apiSpec(app)
          .when((request) => request.get(`/api/posts/${postId}/comments`))
          .then([expectResponse(200)])
      ).body as (Schema<'CommentResponse'> & { replies?: unknown[] })[];
      const shown = listed.reduce((sum, c) => sum + 1 + (c.replies?.length ?? 0), 0);
      return [post.commentsCount, shown];
    };
    expect(await counts()).toEqual([4, 4]);

    await apiSpec(app)
      .when(moderate(admin, 'post', `/users/${banned.user.id}/ban`, { reason: 'Spam' }))
      .then([expectResponse(200)]);
    expect(await counts()).toEqual([1, 1]);
    // The banned member's comment removed by an admin, and a thread holding a hidden reply
    // deleted by its author: neither takes the count lower than what is shown.
    await apiSpec(app)
      .when(moderate(admin, 'delete', `/comments/${removedDuringBan}`, { reason: 'Spam' }))
      .then([expectResponse(200)]);
    await apiSpec(app)
      .when((request) => request.as(other).delete(`/api/comments/${thread}`))
      .then([expectResponse(200)]);
    expect(await counts()).toEqual([0, 0]);

    await apiSpec(app)
      .when(moderate(admin, 'post', `/users/${banned.user.id}/lift`))
      .then([expectResponse(200)]);
    expect(await counts()).toEqual([1, 1]);
  });

  it('given a ban that lands while a member’s post, comment, like and rating are in flight, when the public looks, then they joined the ban, and the lift gives them back', async () => {
    const [author, member] = [await verifiedUser(app), await verifiedUser(app)];
    const admin = await signedInAdmin(app, ADMIN);
    const target = await publishPost(app, author);
    const rating = await uploadRating(app);
    let postId = '';
    let commentId = '';

    await apiSpec(app)
      .given(
        () =>
          apiSpec(app)
            .when(moderate(admin, 'post', `/users/${member.user.id}/ban`, { reason: 'Spam' }))
            .then([expectResponse(200)]),
        // Requests that passed their session check before the ban, decided after it.
        async () => {
          const bus = app.app.get(CommandBus);
          const inFlight = 'in-flight';
          ({ id: postId } = await bus.execute(
            new PublishRatingCommand(
              member.user.id,
              { ...rating, averageRating: Number(rating.averageRating) },
              inFlight,
            ),
          ));
          const comment = await bus.execute(
            new PostCommentCommand(
              member.user.id,
              target,
              'Written as the ban landed',
              null,
              inFlight,
            ),
          );
          commentId = comment.comment._id;
          await bus.execute(new SetLikeCommand(member.user.id, 'post', target, true, inFlight));
          await bus.execute(new RatePostCommand(member.user.id, target, 9, inFlight));
        },
      )
      .when((request) => request.get(`/api/posts/${postId}`))
      .then([expectError(404)]);

    const figures = async () => {
      const post = await postOf(target);
      const thread = (
        await apiSpec(app)
          .when((request) => request.get(`/api/posts/${target}/comments`))
          .then([expectResponse(200)])
      ).body as unknown[];
      return { comments: [post.commentsCount, thread.length], likes: post.likesCount };
    };
    expect(await figures()).toEqual({ comments: [0, 0], likes: 0 });
    const vote = await eventsOf(app, `vote-${target}-${member.user.id}`);
    expect(vote.map((event) => event.type)).toEqual(['Rated', 'VoteSetAside']);
    const extended = (await eventsOf(app, `user-${member.user.id}`)).filter(
      (event) => event.type === 'UserBanExtended',
    );
    expect(extended.map((event) => event.data)).toEqual([
      expect.objectContaining({ postIds: [postId] }),
      expect.objectContaining({ commentIds: [commentId], commentsByPost: { [target]: 1 } }),
    ]);

    await apiSpec(app)
      .when(moderate(admin, 'post', `/users/${member.user.id}/lift`))
      .then([expectResponse(200)]);
    expect((await postOf(postId)).id).toBe(postId);
    expect(await figures()).toEqual({ comments: [1, 1], likes: 1 });
  });

  it('given a removed photo, when anybody makes it, edited or not, their profile picture, then it is refused', async () => {
    const [author, other] = [await verifiedUser(app), await verifiedUser(app)];
    const admin = await signedInAdmin(app, ADMIN);
    const postId = await publishRating(author, await uploadRating(app, 72_100));
    // Resized, re-encoded: the same photo to the eye.
    const edited = await sharp(await makeJpeg({ width: 344, height: 258, seed: 72_100 }))
      .resize({ width: 520 })
      .jpeg({ quality: 80 })
      .toBuffer();

    await apiSpec(app)
      .given(() =>
        apiSpec(app)
          .when(moderate(admin, 'delete', `/posts/${postId}`, { reason: 'Not a foot' }))
          .then([expectResponse(200)]),
      )
      .when((request) =>
        request
          .as(author)
          .post('/api/user/profile/picture')
          .attach('picture', edited, { filename: 'p.jpg', contentType: 'image/jpeg' }),
      )
      .then([
        expectError(
          422,
          'This picture was taken down by a moderator. Please choose another picture.',
        ),
      ]);
    await apiSpec(app)
      .when((request) =>
        request
          .as(other)
          .post('/api/user/profile/picture')
          .attach('picture', edited, { filename: 'p.jpg', contentType: 'image/jpeg' }),
      )
      .then([
        expectError(
          422,
          'This picture was taken down by a moderator. Please choose another picture.',
        ),
      ]);
  });

  it('given a profile picture, when it is replaced, then it is down in both sizes and the new one shows in its 480 px size only', async () => {
    const member = await verifiedUser(app);
    const upload = async (seed: number) => {
      const picture = await makeJpeg({ width: 400, height: 300, seed });
      const { body } = await apiSpec(app)
        .when((request) =>
          request
            .as(member)
            .post('/api/user/profile/picture')
            .attach('picture', picture, { filename: 'p.jpg', contentType: 'image/jpeg' }),
        )
        .then([expectResponse(200)]);
      return (body as Schema<'ProfilePictureResponse'>).profilePictureUrl;
    };
    const original = (url: string) => url.replace('.thumb.webp', '.webp');
    const first = await upload(72_001);
    expect(await sizes({ imageUrl: first, thumbnailUrl: original(first) })).toEqual([200, 404]);

    const second = await upload(72_002);
    expect(await sizes({ imageUrl: original(first), thumbnailUrl: first })).toEqual([404, 404]);
    expect(await sizes({ imageUrl: second, thumbnailUrl: second })).toEqual([200, 200]);
  });

  it("given a closed week's winners, when one post is removed and another's author banned, then the list drops them while the others keep their ranks", async () => {
    // A week of its own: no other test's posts are among its winners.
    clock.set('2027-04-14T12:00:00Z');
    const week = '2027-W15';
    const authors = [await verifiedUser(app), await verifiedUser(app), await verifiedUser(app)];
    const voter = await verifiedUser(app);
    const ids: string[] = [];
    for (const [index, author] of authors.entries()) {
      const id = await publishPost(app, author);
      ids.push(id);
      await apiSpec(app)
        .when((request) =>
          request
            .as(voter)
            .post('/api/ratings/submit')
            .send({ postId: id, overallScore: 10 - index }),
        )
        .then([expectResponse(201)]);
    }
    clock.advance(7 * DAY_MS);
    await app.app.get(WeeklyCompetitions).closeDueWeeks();
    const admin = await signedInAdmin(app, ADMIN);
    const winners = async () =>
      (
        (
          await apiSpec(app)
            .when((request) => request.get(`/api/leaderboard/weeks/${week}`))
            .then([expectResponse(200)])
        ).body as Schema<'WeekResponse'>
      ).winners.filter((w) => ids.includes(w.postId));
    const before = await winners();
    expect(before.map((w) => w.postId)).toEqual(ids);

    await apiSpec(app)
      .when(moderate(admin, 'delete', `/posts/${ids[0]}`, { reason: 'Not a foot' }))
      .then([expectResponse(200)]);
    await apiSpec(app)
      .when(moderate(admin, 'post', `/users/${authors[1].user.id}/ban`, { reason: 'Spam' }))
      .then([expectResponse(200)]);

    expect(await winners()).toEqual([before[2]]);
    const weeks = await apiSpec(app)
      .when((request) => request.get('/api/leaderboard/weeks'))
      .then([expectResponse(200)]);
    const listed = (weeks.body as Schema<'WeekResponse'>[]).find((w) => w.week === week)!;
    expect(listed.winners.map((w) => w.postId)).not.toContain(ids[0]);
    expect(listed.winners.map((w) => w.postId)).not.toContain(ids[1]);

    await apiSpec(app)
      .when(moderate(admin, 'post', `/users/${authors[1].user.id}/lift`))
      .then([expectResponse(200)]);
    expect((await winners()).map((w) => w.postId)).toEqual([ids[1], ids[2]]);
  });
});
