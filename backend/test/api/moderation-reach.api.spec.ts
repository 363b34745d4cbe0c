import { CommandBus } from '@nestjs/cqrs';
import sharp from 'sharp';
import request from 'supertest';
import { PostCommentCommand } from '../../src/application/community/post-comment/post-comment.command';
import { PublishRatingCommand } from '../../src/application/community/publish-rating/publish-rating.command';
import { RatePostCommand } from '../../src/application/community/rate-post/rate-post.command';
import { SetLikeCommand } from '../../src/application/community/set-like/set-like.command';
import { WeeklyCompetitions } from '../../src/application/community/weekly-competitions';
import { eventsOf, sessionCookieOf } from '../support/accounts';
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
  // Wednesday of ISO week 2026-W47.
  const clock = new TestClock(new Date('2026-11-18T12:00:00Z'));
  let app: TestApp;
  let admin: string;
  const signInAsAdmin = async () => {
    const login = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    admin = sessionCookieOf(login.headers['set-cookie'], 'admin_sid');
  };
  beforeAll(async () => {
    app = await startTestApp(ENV, undefined, { clock });
    await signInAsAdmin();
  });
  afterAll(() => app.close());
  afterEach(() => app.gate.reset());

  const asAdmin = () => ({
    patch: (path: string, body: object) =>
      request(app.server).patch(`/api/rtm-sys${path}`).set('Cookie', admin).send(body),
    post: (path: string, body: object) =>
      request(app.server).post(`/api/rtm-sys${path}`).set('Cookie', admin).send(body),
    delete: (path: string, body: object) =>
      request(app.server).delete(`/api/rtm-sys${path}`).set('Cookie', admin).send(body),
  });
  const postOf = async (id: string, agent = request(app.server)) =>
    (await agent.get(`/api/posts/${id}`).expect(200)).body as Post;
  /** The status every stored size answers `agent` (the public by default). */
  const sizes = async (
    post: Pick<Post, 'imageUrl' | 'thumbnailUrl'>,
    agent = request(app.server),
  ) =>
    Promise.all(
      [post.imageUrl, post.thumbnailUrl].map(async (url) => (await agent.get(url)).status),
    );

  it('serves a public photo with a short max-age and its ETag, and revalidates it with a 304', async () => {
    const author = await verifiedUser(app);
    const post = await postOf(await publishPost(app, author));
    const answer = await request(app.server).get(post.imageUrl).expect(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await request(app.server)
      .get(post.imageUrl)
      .set('If-None-Match', answer.headers.etag)
      .expect(304);
    expect(again.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    await request(app.server).get('/uploads/ab/not-a-key.webp').expect(404);
  });

  it('takes both sizes of a removed photo down for everyone, its author included; the back office still sees it', async () => {
    const author = await verifiedUser(app);
    const post = await postOf(await publishPost(app, author));
    expect(await sizes(post)).toEqual([200, 200]);

    await asAdmin().delete(`/posts/${post.id}`, { reason: 'Not a foot' }).expect(200);

    expect(await sizes(post)).toEqual([404, 404]);
    expect(await sizes(post, author.agent)).toEqual([404, 404]);
    const gone = await request(app.server).get(post.imageUrl).expect(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    // Even a browser revalidating its copy hears it is gone.
    await request(app.server).get(post.imageUrl).set('If-None-Match', '"x"').expect(404);

    const adminView = (
      await request(app.server)
        .get(`/api/rtm-sys/posts/${post.id}`)
        .set('Cookie', admin)
        .expect(200)
    ).body as Schema<'AdminPostResponse'>;
    expect(adminView.imageUrl).toMatch(/^\/api\/rtm-sys\/uploads\//);
    const seen = await request(app.server).get(adminView.imageUrl).set('Cookie', admin).expect(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    await request(app.server).get(adminView.imageUrl).expect(401);
    await author.agent.get(adminView.thumbnailUrl).expect(401);
  });

  it('shows a hidden photo to its author alone, privately, and to everyone again once shown', async () => {
    const author = await verifiedUser(app);
    const stranger = await verifiedUser(app);
    const post = await postOf(await publishPost(app, author));

    await asAdmin().patch(`/posts/${post.id}`, { isPublic: false, reason: 'Blurry' }).expect(200);
    expect(await sizes(post)).toEqual([404, 404]);
    expect(await sizes(post, stranger.agent)).toEqual([404, 404]);
    expect(await sizes(post, author.agent)).toEqual([200, 200]);
    const own = await author.agent.get(post.imageUrl).expect(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');

    await asAdmin().patch(`/posts/${post.id}`, { isPublic: true }).expect(200);
    expect(await sizes(post)).toEqual([200, 200]);
  });

  it('keeps a hidden photo from the public while its author rates the same photo again, and shows it once the post is shown', async () => {
    const author = await verifiedUser(app);
    const rate = () => uploadRating(app, 71_002, author.agent);
    const id = await publishRating(author, await rate());
    const post = await postOf(id);
    await asAdmin().patch(`/posts/${id}`, { isPublic: false, reason: 'Blurry' }).expect(200);

    // A rating of the same bytes, waiting to be published, opens nothing to the public.
    expect((await rate()).imageUrl).toBe(post.imageUrl);
    expect(await sizes(post)).toEqual([404, 404]);
    expect(await sizes(post, author.agent)).toEqual([200, 200]);

    await asAdmin().patch(`/posts/${id}`, { isPublic: true }).expect(200);
    expect(await sizes(post)).toEqual([200, 200]);
  });

  it('keeps a held photo to its author until an admin approves the post', async () => {
    const author = await verifiedUser(app);
    app.gate.decideNext({ outcome: 'review', reason: 'nudity', scores: { 'nsfw.sexy': 0.8 } });
    const id = await publishRating(author, await uploadRating(app, 71_001, author.agent));
    const post = await postOf(id, author.agent);

    expect(await sizes(post)).toEqual([404, 404]);
    expect(await sizes(post, author.agent)).toEqual([200, 200]);

    await asAdmin().patch(`/posts/${id}`, { isModerated: true }).expect(200);
    expect(await sizes(post)).toEqual([200, 200]);
  });

  it("takes a banned author's photos down, and brings them back when the ban is lifted", async () => {
    const author = await verifiedUser(app);
    const post = await postOf(await publishPost(app, author));

    await asAdmin().post(`/users/${author.user.id}/ban`, { reason: 'Spam' }).expect(200);
    expect(await sizes(post)).toEqual([404, 404]);
    expect(await sizes(post, author.agent)).toEqual([404, 404]);

    await asAdmin().post(`/users/${author.user.id}/lift`, {}).expect(200);
    expect(await sizes(post)).toEqual([200, 200]);
  });

  it("keeps a post's comment count true through a ban, deletions during it and the lift", async () => {
    const author = await verifiedUser(app);
    const banned = await verifiedUser(app);
    const other = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const comment = async (member: typeof author, text: string, parentCommentId?: string) =>
      (
        (
          await member.agent
            .post(`/api/posts/${postId}/comments`)
            .send({ text, ...(parentCommentId ? { parentCommentId } : {}) })
            .expect(201)
        ).body as Schema<'CommentResponse'>
      ).id;
    const removedDuringBan = await comment(banned, 'Removed while banned');
    await comment(banned, 'Kept through the ban');
    const thread = await comment(other, 'A thread of my own');
    await comment(banned, 'A reply in it', thread);
    const counts = async () => {
      const post = await postOf(postId);
      const listed = (await request(app.server).get(`/api/posts/${postId}/comments`).expect(200))
        .body as (Schema<'CommentResponse'> & { replies?: unknown[] })[];
      const shown = listed.reduce((sum, c) => sum + 1 + (c.replies?.length ?? 0), 0);
      return [post.commentsCount, shown];
    };
    expect(await counts()).toEqual([4, 4]);

    await asAdmin().post(`/users/${banned.user.id}/ban`, { reason: 'Spam' }).expect(200);
    expect(await counts()).toEqual([1, 1]);
    // The banned member's comment removed by an admin, and a thread holding a hidden reply
    // deleted by its author: neither takes the count lower than what is shown.
    await asAdmin().delete(`/comments/${removedDuringBan}`, { reason: 'Spam' }).expect(200);
    await other.agent.delete(`/api/comments/${thread}`).expect(200);
    expect(await counts()).toEqual([0, 0]);

    await asAdmin().post(`/users/${banned.user.id}/lift`, {}).expect(200);
    expect(await counts()).toEqual([1, 1]);
  });

  it('hides what a member writes as the ban lands: a post, a comment, a like and a rating in flight join the ban; the lift gives them back', async () => {
    const author = await verifiedUser(app);
    const member = await verifiedUser(app);
    const target = await publishPost(app, author);
    const rating = await uploadRating(app);
    await asAdmin().post(`/users/${member.user.id}/ban`, { reason: 'Spam' }).expect(200);

    // Requests that passed their session check before the ban, decided after it.
    const bus = app.app.get(CommandBus);
    const inFlight = 'in-flight';
    const { id: postId } = await bus.execute(
      new PublishRatingCommand(
        member.user.id,
        { ...rating, averageRating: Number(rating.averageRating) },
        inFlight,
      ),
    );
    const comment = await bus.execute(
      new PostCommentCommand(member.user.id, target, 'Written as the ban landed', null, inFlight),
    );
    await bus.execute(new SetLikeCommand(member.user.id, 'post', target, true, inFlight));
    await bus.execute(new RatePostCommand(member.user.id, target, 9, inFlight));

    const figures = async () => {
      const post = await postOf(target);
      const thread = (await request(app.server).get(`/api/posts/${target}/comments`).expect(200))
        .body as unknown[];
      return { comments: [post.commentsCount, thread.length], likes: post.likesCount };
    };
    await request(app.server).get(`/api/posts/${postId}`).expect(404);
    expect(await figures()).toEqual({ comments: [0, 0], likes: 0 });
    const vote = await eventsOf(app, `vote-${target}-${member.user.id}`);
    expect(vote.map((event) => event.type)).toEqual(['Rated', 'VoteSetAside']);
    const extended = (await eventsOf(app, `user-${member.user.id}`)).filter(
      (event) => event.type === 'UserBanExtended',
    );
    expect(extended.map((event) => event.data)).toEqual([
      expect.objectContaining({ postIds: [postId] }),
      expect.objectContaining({
        commentIds: [comment.comment._id],
        commentsByPost: { [target]: 1 },
      }),
    ]);

    await asAdmin().post(`/users/${member.user.id}/lift`, {}).expect(200);
    expect((await postOf(postId)).id).toBe(postId);
    expect(await figures()).toEqual({ comments: [1, 1], likes: 1 });
  });

  it('refuses a removed photo as anybody’s profile picture, edited or not', async () => {
    const author = await verifiedUser(app);
    const other = await verifiedUser(app);
    const postId = await publishRating(author, await uploadRating(app, 72_100));
    await asAdmin().delete(`/posts/${postId}`, { reason: 'Not a foot' }).expect(200);
    // Resized, re-encoded: the same photo to the eye.
    const edited = await sharp(await makeJpeg({ width: 344, height: 258, seed: 72_100 }))
      .resize({ width: 520 })
      .jpeg({ quality: 80 })
      .toBuffer();
    for (const member of [author, other]) {
      const refused = await member.agent
        .post('/api/user/profile/picture')
        .attach('picture', edited, { filename: 'p.jpg', contentType: 'image/jpeg' })
        .expect(422);
      expect(refused.body).toMatchObject({
        message: 'This picture was taken down by a moderator. Please choose another picture.',
      });
    }
  });

  it('takes a replaced profile picture down in both sizes; the new one shows in its 480 px size only', async () => {
    const member = await verifiedUser(app);
    const upload = async (seed: number) =>
      (
        await member.agent
          .post('/api/user/profile/picture')
          .attach('picture', await makeJpeg({ width: 400, height: 300, seed }), {
            filename: 'p.jpg',
            contentType: 'image/jpeg',
          })
          .expect(200)
      ).body as Schema<'ProfilePictureResponse'>;
    const first = (await upload(72_001)).profilePictureUrl;
    const original = (url: string) => url.replace('.thumb.webp', '.webp');
    await request(app.server).get(first).expect(200);
    await request(app.server).get(original(first)).expect(404);

    const second = (await upload(72_002)).profilePictureUrl;
    expect(await sizes({ imageUrl: original(first), thumbnailUrl: first })).toEqual([404, 404]);
    await request(app.server).get(second).expect(200);
  });

  it("drops a removed or banned winner from the closed week's list; the others keep their ranks", async () => {
    const authors = [await verifiedUser(app), await verifiedUser(app), await verifiedUser(app)];
    const voter = await verifiedUser(app);
    const ids: string[] = [];
    for (const [index, author] of authors.entries()) {
      const id = await publishPost(app, author);
      ids.push(id);
      await voter.agent
        .post('/api/ratings/submit')
        .send({ postId: id, overallScore: 10 - index })
        .expect((res) => expect(res.status).toBeLessThan(300));
    }
    clock.advance(7 * DAY_MS);
    await app.app.get(WeeklyCompetitions).closeDueWeeks();
    await signInAsAdmin(); // the week's wait outlived the admin's session
    const winners = async () =>
      (
        (await request(app.server).get('/api/leaderboard/weeks/2026-W47').expect(200))
          .body as Schema<'WeekResponse'>
      ).winners.filter((w) => ids.includes(w.postId));
    const before = await winners();
    expect(before.map((w) => w.postId)).toEqual(ids);

    await asAdmin().delete(`/posts/${ids[0]}`, { reason: 'Not a foot' }).expect(200);
    await asAdmin().post(`/users/${authors[1].user.id}/ban`, { reason: 'Spam' }).expect(200);

    const after = await winners();
    expect(after).toEqual([before[2]]);
    const listed = (
      (await request(app.server).get('/api/leaderboard/weeks').expect(200))
        .body as Schema<'WeekResponse'>[]
    ).find((week) => week.week === '2026-W47')!;
    expect(listed.winners.map((w) => w.postId)).not.toContain(ids[0]);
    expect(listed.winners.map((w) => w.postId)).not.toContain(ids[1]);

    await asAdmin().post(`/users/${authors[1].user.id}/lift`, {}).expect(200);
    expect((await winners()).map((w) => w.postId)).toEqual([ids[1], ids[2]]);
  });
});
