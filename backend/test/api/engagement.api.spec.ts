import request from 'supertest';
import { eventsOf, registerUser, type RegisteredUser } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';

describe('likes, comments, ratings and reports', () => {
  let app: TestApp;
  let owner: RegisteredUser;
  let member: RegisteredUser;
  let unverified: RegisteredUser;
  let postId: string;

  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000', ...ROOMY_WRITE_LIMITS });
    owner = await verifiedUser(app);
    member = await verifiedUser(app);
    unverified = await registerUser(app);
    postId = await publishPost(app, owner);
  });
  afterAll(() => app.close());

  const post = async (id = postId) =>
    (await request(app.server).get(`/api/posts/${id}`).expect(200)).body;

  describe('a thread in pages', () => {
    it('answers a page of top-level comments with their replies, the next page in the Link header, and refuses a page out of range', async () => {
      const threadPost = await publishPost(app, owner);
      const texts = Array.from({ length: 30 }, (_, i) => `Comment ${String(i).padStart(2, '0')}`);
      for (const text of texts) {
        await member.agent.post(`/api/posts/${threadPost}/comments`).send({ text }).expect(201);
      }
      const first = await request(app.server)
        .get(`/api/posts/${threadPost}/comments?limit=25`)
        .expect(200);
      expect((first.body as { text: string }[]).map((c) => c.text)).toEqual(texts.slice(0, 25));
      const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.link as string)?.[1];
      expect(next).toMatch(new RegExp(`^/api/posts/${threadPost}/comments\\?limit=25&cursor=`));
      const last = await request(app.server).get(next!).expect(200);
      expect((last.body as { text: string }[]).map((c) => c.text)).toEqual(texts.slice(25));
      expect(last.headers.link).toBeUndefined();
      // Without a limit, a page of the default size.
      const byDefault = await request(app.server).get(`/api/posts/${threadPost}/comments`);
      expect(byDefault.body).toHaveLength(24);
      await request(app.server)
        .get(`/api/posts/${threadPost}/comments?cursor=not-ours`)
        .expect(400, { message: 'This page link is not valid: start again from the first page' });
      await request(app.server).get(`/api/posts/${threadPost}/comments?limit=0`).expect(400);
    });
  });

  describe('who may take part', () => {
    it.each([
      ['post', '/like', 'Please sign up to like posts', undefined],
      ['post', '/comments', 'Please sign up to comment on posts', { text: 'Hi' }],
      ['post', '/report', 'Please sign up to report posts', { reason: 'Spam' }],
    ])('refuses a signed-out %s%s with the spec’s message', async (_kind, path, message, body) => {
      const response = await request(app.server)
        .post(`/api/posts/${postId}${path}`)
        .send(body)
        .expect(401);
      expect(response.body).toEqual({ message });
    });

    it('refuses signed-out rating and replies with their messages', async () => {
      const rating = await request(app.server)
        .post('/api/ratings/submit')
        .send({ postId, overallScore: 5 })
        .expect(401);
      expect(rating.body).toEqual({ message: 'Please sign up to rate posts' });
      const comment = await member.agent
        .post(`/api/posts/${postId}/comments`)
        .send({ text: 'Top' })
        .expect(201);
      const reply = await request(app.server)
        .post(`/api/posts/${postId}/comments`)
        .send({ text: 'Reply', parentCommentId: comment.body.id })
        .expect(401);
      expect(reply.body).toEqual({ message: 'Please sign up to reply to comments' });
      const like = await request(app.server)
        .post(`/api/comments/${comment.body.id}/like`)
        .expect(401);
      expect(like.body).toEqual({ message: 'Please sign up to like comments' });
    });

    it('tells an unverified account to verify first', async () => {
      for (const call of [
        unverified.agent.post(`/api/posts/${postId}/like`),
        unverified.agent.post(`/api/posts/${postId}/comments`).send({ text: 'Hi' }),
        unverified.agent.post('/api/ratings/submit').send({ postId, overallScore: 5 }),
        unverified.agent.post(`/api/posts/${postId}/report`).send({ reason: 'Spam' }),
      ]) {
        const response = await call.expect(403);
        expect(response.body).toEqual({
          message: 'Please verify your email address first: open the link we sent you.',
        });
      }
    });

    it('answers reads to signed-out visitors', async () => {
      await request(app.server).get(`/api/posts/${postId}/like`).expect(200, { liked: false });
      await request(app.server)
        .get(`/api/posts/${postId}/user-rating`)
        .expect(200, { rating: null, countsFrom: null, newRatingCountsFrom: null });
      await request(app.server).get(`/api/posts/${postId}/comments`).expect(200);
    });
  });

  describe('likes', () => {
    it('likes and unlikes idempotently, and likesCount follows', async () => {
      const id = await publishPost(app, owner);
      const liked = await member.agent.post(`/api/posts/${id}/like`).expect(200);
      expect(liked.body).toEqual({ success: true, liked: true, likesCount: 1 });
      await member.agent.post(`/api/posts/${id}/like`).expect(200);
      expect((await post(id)).likesCount).toBe(1);
      await member.agent.get(`/api/posts/${id}/like`).expect(200, { liked: true });
      const unliked = await member.agent.delete(`/api/posts/${id}/like`).expect(200);
      expect(unliked.body).toEqual({ success: true, liked: false, likesCount: 0 });
      await member.agent.delete(`/api/posts/${id}/like`).expect(200);
      expect((await post(id)).likesCount).toBe(0);
      await member.agent.get(`/api/posts/${id}/like`).expect(200, { liked: false });
    });

    it('counts the author’s own like of their post, once, and its unlike', async () => {
      const id = await publishPost(app, owner);
      const liked = await owner.agent.post(`/api/posts/${id}/like`).expect(200);
      expect(liked.body).toEqual({ success: true, liked: true, likesCount: 1 });
      expect((await post(id)).likesCount).toBe(1);
      const unliked = await owner.agent.delete(`/api/posts/${id}/like`).expect(200);
      expect(unliked.body).toEqual({ success: true, liked: false, likesCount: 0 });
    });

    it('counts one like when the same account likes in parallel', async () => {
      const id = await publishPost(app, owner);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => member.agent.post(`/api/posts/${id}/like`)),
      );
      expect(answers.map((a) => a.body)).toEqual(
        answers.map(() => ({ success: true, liked: true, likesCount: 1 })),
      );
      expect((await post(id)).likesCount).toBe(1);
      const events = await eventsOf(app, `like-post-${id}-${member.user.id}`);
      expect(events.map((e) => e.type)).toEqual(['Liked']);
    });

    it('answers 404 for a like on an unknown post or comment', async () => {
      const a = await member.agent.post('/api/posts/00000000-0000-4000-8000-000000000000/like');
      expect(a.status).toBe(404);
      expect(a.body).toEqual({ message: 'Post not found' });
      const b = await member.agent.post('/api/comments/nope/like').expect(404);
      expect(b.body).toEqual({ message: 'Comment not found' });
    });
  });

  describe('comments', () => {
    it('posts comments and replies, nested and oldest first, counting replies too', async () => {
      const id = await publishPost(app, owner);
      const top = (
        await member.agent
          .post(`/api/posts/${id}/comments`)
          .send({ text: '  Lovely arches  ' })
          .expect(201)
      ).body;
      expect(top).toMatchObject({
        postId: id,
        userId: member.user.id,
        username: member.user.anonymousUsername,
        text: 'Lovely arches',
        likesCount: 0,
        parentCommentId: null,
        replies: [],
      });
      const second = (
        await owner.agent.post(`/api/posts/${id}/comments`).send({ text: 'Second' }).expect(201)
      ).body;
      const reply = (
        await owner.agent
          .post(`/api/posts/${id}/comments`)
          .send({ text: 'Thanks!', parentCommentId: top.id })
          .expect(201)
      ).body;
      // A reply to a reply joins the thread.
      const nested = (
        await member.agent
          .post(`/api/posts/${id}/comments`)
          .send({ text: 'You are welcome', parentCommentId: reply.id })
          .expect(201)
      ).body;
      expect(nested.parentCommentId).toBe(top.id);

      const comments = (await request(app.server).get(`/api/posts/${id}/comments`).expect(200))
        .body;
      expect(comments.map((c: { id: string }) => c.id)).toEqual([top.id, second.id]);
      expect(comments[0].replies.map((c: { id: string }) => c.id)).toEqual([reply.id, nested.id]);
      expect((await post(id)).commentsCount).toBe(4);
    });

    it('refuses empty, too long, and replies to another post’s comments', async () => {
      const id = await publishPost(app, owner);
      const other = await publishPost(app, owner);
      const empty = await member.agent
        .post(`/api/posts/${id}/comments`)
        .send({ text: '   ' })
        .expect(400);
      expect(empty.body).toEqual({ message: 'Comment cannot be empty' });
      const long = await member.agent
        .post(`/api/posts/${id}/comments`)
        .send({ text: 'a'.repeat(501) })
        .expect(400);
      expect(long.body).toEqual({ message: 'Comment must be at most 500 characters' });
      await member.agent
        .post(`/api/posts/${id}/comments`)
        .send({ text: '😀'.repeat(500) })
        .expect(201);
      const foreign = (
        await member.agent
          .post(`/api/posts/${other}/comments`)
          .send({ text: 'Elsewhere' })
          .expect(201)
      ).body;
      await member.agent
        .post(`/api/posts/${id}/comments`)
        .send({ text: 'Wrong post', parentCommentId: foreign.id })
        .expect(404);
      const missingText = await member.agent.post(`/api/posts/${id}/comments`).send({}).expect(400);
      expect(missingText.body).toEqual({ message: 'Comment cannot be empty' });
    });

    it('deletes a comment by its author only, with its replies', async () => {
      const id = await publishPost(app, owner);
      const top = (await member.agent.post(`/api/posts/${id}/comments`).send({ text: 'Top' })).body;
      await owner.agent
        .post(`/api/posts/${id}/comments`)
        .send({ text: 'R1', parentCommentId: top.id });
      await owner.agent
        .post(`/api/posts/${id}/comments`)
        .send({ text: 'R2', parentCommentId: top.id });
      const kept = (await owner.agent.post(`/api/posts/${id}/comments`).send({ text: 'Kept' }))
        .body;
      expect((await post(id)).commentsCount).toBe(4);

      const refused = await owner.agent.delete(`/api/comments/${top.id}`).expect(403);
      expect(refused.body).toEqual({ message: 'You can only delete your own comments' });
      await member.agent.delete(`/api/comments/${top.id}`).expect(200, { success: true });
      const comments = (await request(app.server).get(`/api/posts/${id}/comments`)).body;
      expect(comments.map((c: { id: string }) => c.id)).toEqual([kept.id]);
      expect((await post(id)).commentsCount).toBe(1);
      await member.agent.delete(`/api/comments/${top.id}`).expect(404);
      await request(app.server).delete(`/api/comments/${kept.id}`).expect(401);
    });

    it('likes comments idempotently', async () => {
      const id = await publishPost(app, owner);
      const top = (await owner.agent.post(`/api/posts/${id}/comments`).send({ text: 'Top' })).body;
      const answers = await Promise.all(
        [1, 2, 3].map(() => member.agent.post(`/api/comments/${top.id}/like`)),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      await member.agent.get(`/api/comments/${top.id}/like`).expect(200, { liked: true });
      const comments = (await request(app.server).get(`/api/posts/${id}/comments`)).body;
      expect(comments[0].likesCount).toBe(1);
      const unliked = await member.agent.delete(`/api/comments/${top.id}/like`).expect(200);
      expect(unliked.body).toEqual({ success: true, liked: false, likesCount: 0 });
    });
  });

  describe('community ratings', () => {
    it('averages the AI’s score with every community rating', async () => {
      const id = await publishPost(app, owner);
      const ai = Number((await post(id)).averageRating);
      const second = await verifiedUser(app);
      const first = await member.agent
        .post('/api/ratings/submit')
        .send({ postId: id, overallScore: 10 })
        .expect(201);
      expect(first.body).toEqual({
        success: true,
        averageRating: ((ai + 10) / 2).toFixed(1),
        voteCount: 1,
        countsFrom: null,
        message: null,
      });
      await second.agent
        .post('/api/ratings/submit')
        .send({ postId: id, overallScore: 0 })
        .expect(201);
      expect(await post(id)).toMatchObject({
        averageRating: ((ai + 10 + 0) / 3).toFixed(1),
        voteCount: 2,
      });
      await member.agent
        .get(`/api/posts/${id}/user-rating`)
        .expect(200, { rating: 10, countsFrom: null, newRatingCountsFrom: null });
      await owner.agent
        .get(`/api/posts/${id}/user-rating`)
        .expect(200, { rating: null, countsFrom: null, newRatingCountsFrom: null });
    });

    it('given members rated a post, when it is read, then the members’ average stands apart from the AI score', async () => {
      const id = await publishPost(app, owner);
      expect(await post(id)).toMatchObject({ voteCount: 0, communityAverage: null });
      const second = await verifiedUser(app);
      await member.agent.post('/api/ratings/submit').send({ postId: id, overallScore: 10 });
      await second.agent.post('/api/ratings/submit').send({ postId: id, overallScore: 3 });
      const read = await post(id);
      expect(read).toMatchObject({ voteCount: 2, communityAverage: '6.5' });
      expect(read.aiRating).not.toBeNull();
      const own = (await owner.agent.get('/api/user/posts').expect(200)).body;
      expect(own.find((p: { id: string }) => p.id === id)).toMatchObject({
        voteCount: 2,
        communityAverage: '6.5',
      });
      const profile = (await request(app.server).get(`/api/users/${owner.user.id}`)).body;
      expect(profile.posts.find((p: { id: string }) => p.id === id)).toMatchObject({
        voteCount: 2,
        communityAverage: '6.5',
      });
    });

    it('refuses a second rating, also under a race, and rating one’s own post', async () => {
      const id = await publishPost(app, owner);
      const rater = await verifiedUser(app);
      const answers = await Promise.all(
        [3, 4, 5].map((overallScore) =>
          rater.agent.post('/api/ratings/submit').send({ postId: id, overallScore }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
      const conflict = answers.find((a) => a.status === 409)!;
      expect(conflict.body).toEqual({ message: 'You have already rated this post' });
      expect((await post(id)).voteCount).toBe(1);

      const own = await owner.agent
        .post('/api/ratings/submit')
        .send({ postId: id, overallScore: 10 })
        .expect(403);
      expect(own.body).toEqual({ message: 'You cannot rate your own post' });
    });

    it('accepts whole numbers from 0 to 10 only', async () => {
      const id = await publishPost(app, owner);
      for (const overallScore of [-1, 11, 7.5, '7', null]) {
        const response = await member.agent
          .post('/api/ratings/submit')
          .send({ postId: id, overallScore })
          .expect(400);
        expect(response.body).toEqual({ message: 'Rating must be a whole number from 0 to 10' });
      }
      await member.agent
        .post('/api/ratings/submit')
        .send({ postId: 'unknown', overallScore: 5 })
        .expect(404);
    });
  });

  describe('reports', () => {
    it('takes one pending report per account and post, also under a race', async () => {
      const id = await publishPost(app, owner);
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          member.agent.post(`/api/posts/${id}/report`).send({ reason: '  Not feet  ' }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toEqual({
        message: 'You have already reported this post',
      });
      const [reported] = await eventsOf(app, `report-${id}-${member.user.id}`);
      expect(reported.data).toMatchObject({
        postId: id,
        userId: member.user.id,
        reason: 'Not feet',
      });
    });

    it('refuses an empty or too long reason, and reporting one’s own post', async () => {
      const id = await publishPost(app, owner);
      const empty = await member.agent
        .post(`/api/posts/${id}/report`)
        .send({ reason: '  ' })
        .expect(400);
      expect(empty.body).toEqual({ message: 'Please provide a reason for reporting this post' });
      const missing = await member.agent.post(`/api/posts/${id}/report`).send({}).expect(400);
      expect(missing.body).toEqual({ message: 'Please provide a reason for reporting this post' });
      const long = await member.agent
        .post(`/api/posts/${id}/report`)
        .send({ reason: 'x'.repeat(501) })
        .expect(400);
      expect(long.body).toEqual({ message: 'Reason must be at most 500 characters' });
      const own = await owner.agent
        .post(`/api/posts/${id}/report`)
        .send({ reason: 'Mine' })
        .expect(403);
      expect(own.body).toEqual({ message: 'You cannot report your own post' });
    });
  });
});
