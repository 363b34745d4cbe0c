import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { registerUser, type RegisteredUser } from '../support/accounts';
import {
  apiSpec,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  type ApiRequest,
} from '../support/api-specification';
import { verifiedUser } from '../support/community';
import { postedComment, publishedPost } from '../support/community-history';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

type Comment = Schema<'CommentResponse'>;
type PostPage = Schema<'PostPageResponse'>;

describe('likes, comments, ratings and reports', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000', ...ROOMY_WRITE_LIMITS });
  });
  afterAll(() => app.close());

  /** A post by a fresh member, as its stream records it, and another member to take part. */
  async function aPost() {
    const [owner, member] = [await verifiedUser(app), await verifiedUser(app)];
    const postId = randomUUID();
    return { owner, member, postId, post: publishedPost(postId, owner.user.id) };
  }

  const read = async (id: string) =>
    (
      await apiSpec(app)
        .when((request) => request.get(`/api/posts/${id}`))
        .then([expectResponse(200)])
    ).body as PostPage;
  const thread = async (id: string) =>
    (
      await apiSpec(app)
        .when((request) => request.get(`/api/posts/${id}/comments`))
        .then([expectResponse(200)])
    ).body as Comment[];
  const commentOn =
    (member: RegisteredUser, id: string, text: string, parentCommentId?: string) =>
    (request: ApiRequest) =>
      request
        .as(member)
        .post(`/api/posts/${id}/comments`)
        .send({ text, ...(parentCommentId && { parentCommentId }) });
  /** A comment posted through the API: its answer. */
  const comment = async (member: RegisteredUser, id: string, text: string, parent?: string) =>
    (
      await apiSpec(app)
        .when(commentOn(member, id, text, parent))
        .then([expectResponse(201)])
    ).body as Comment;
  const rate =
    (member: RegisteredUser, postId: string, overallScore: unknown) => (request: ApiRequest) =>
      request.as(member).post('/api/ratings/submit').send({ postId, overallScore });
  const report = (member: RegisteredUser, id: string, body: object) => (request: ApiRequest) =>
    request.as(member).post(`/api/posts/${id}/report`).send(body);

  describe('a thread in pages', () => {
    it('given a thread of 30 comments, when it is read in pages, then a page of top-level comments with the next page in the Link header, and a page out of range is refused', async () => {
      const { member, postId, post } = await aPost();
      const texts = Array.from({ length: 30 }, (_, i) => `Comment ${String(i).padStart(2, '0')}`);

      const first = await apiSpec(app)
        .given(
          post,
          ...texts.map((text) =>
            postedComment({ commentId: randomUUID(), postId, userId: member.user.id }, text),
          ),
        )
        .when((request) => request.get(`/api/posts/${postId}/comments?limit=25`))
        .then([expectResponse(200)]);
      expect((first.body as Comment[]).map((c) => c.text)).toEqual(texts.slice(0, 25));
      const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.link as string)?.[1];
      expect(next).toMatch(new RegExp(`^/api/posts/${postId}/comments\\?limit=25&cursor=`));

      const last = await apiSpec(app)
        .when((request) => request.get(next!))
        .then([expectResponse(200)]);
      expect((last.body as Comment[]).map((c) => c.text)).toEqual(texts.slice(25));
      expect(last.headers.link).toBeUndefined();
      // Without a limit, a page of the default size.
      const byDefault = await apiSpec(app)
        .when((request) => request.get(`/api/posts/${postId}/comments`))
        .then([expectResponse(200)]);
      expect(byDefault.body).toHaveLength(24);
      await apiSpec(app)
        .when((request) => request.get(`/api/posts/${postId}/comments?cursor=not-ours`))
        .then([expectError(400, 'This page link is not valid: start again from the first page')]);
      await apiSpec(app)
        .when((request) => request.get(`/api/posts/${postId}/comments?limit=0`))
        .then([expectError(400)]);
    });
  });

  describe('who may take part', () => {
    it.each([
      ['post', '/like', 'Please sign up to like posts', undefined],
      ['post', '/comments', 'Please sign up to comment on posts', { text: 'Hi' }],
      ['post', '/report', 'Please sign up to report posts', { reason: 'Spam' }],
    ])(
      'given a post, when a visitor sends a %s%s, then 401 with the spec’s message',
      async (_kind, path, message, body) => {
        const { postId, post } = await aPost();

        await apiSpec(app)
          .given(post)
          .when((request) => request.post(`/api/posts/${postId}${path}`).send(body))
          .then([expectError(401, message)]);
      },
    );

    it('given a post and a comment, when a visitor rates, replies or likes the comment, then 401 with their messages', async () => {
      const { member, postId, post } = await aPost();
      const commentId = randomUUID();

      await apiSpec(app)
        .given(post, postedComment({ commentId, postId, userId: member.user.id }, 'Top'))
        .when((request) => request.post('/api/ratings/submit').send({ postId, overallScore: 5 }))
        .then([expectError(401, 'Please sign up to rate posts')]);
      await apiSpec(app)
        .when((request) =>
          request
            .post(`/api/posts/${postId}/comments`)
            .send({ text: 'Reply', parentCommentId: commentId }),
        )
        .then([expectError(401, 'Please sign up to reply to comments')]);
      await apiSpec(app)
        .when((request) => request.post(`/api/comments/${commentId}/like`))
        .then([expectError(401, 'Please sign up to like comments')]);
    });

    type Agent = RegisteredUser['agent'];
    it.each([
      ['a like', (id: string) => (agent: Agent) => agent.post(`/api/posts/${id}/like`)],
      [
        'a comment',
        (id: string) => (agent: Agent) =>
          agent.post(`/api/posts/${id}/comments`).send({ text: 'Hi' }),
      ],
      [
        'a rating',
        (id: string) => (agent: Agent) =>
          agent.post('/api/ratings/submit').send({ postId: id, overallScore: 5 }),
      ],
      [
        'a report',
        (id: string) => (agent: Agent) =>
          agent.post(`/api/posts/${id}/report`).send({ reason: 'Spam' }),
      ],
    ] as const)(
      'given an account whose email is not verified, when it sends %s, then 403: verify first',
      async (_what, send) => {
        const { postId, post } = await aPost();
        const unverified = await registerUser(app);

        await apiSpec(app)
          .given(post)
          .when((request) => send(postId)(request.as(unverified)))
          .then([
            expectError(403, 'Please verify your email address first: open the link we sent you.'),
          ]);
      },
    );

    it('given a post, when a visitor reads its like, rating and comments, then each answers', async () => {
      const { postId, post } = await aPost();

      await apiSpec(app)
        .given(post)
        .when((request) => request.get(`/api/posts/${postId}/like`))
        .then([expectResponse(200, { body: { liked: false } })]);
      await apiSpec(app)
        .when((request) => request.get(`/api/posts/${postId}/user-rating`))
        .then([
          expectResponse(200, {
            body: { rating: null, countsFrom: null, newRatingCountsFrom: null },
          }),
        ]);
      await apiSpec(app)
        .when((request) => request.get(`/api/posts/${postId}/comments`))
        .then([expectResponse(200)]);
    });
  });

  describe('likes', () => {
    it('given a post, when a member likes and unlikes it twice each, then each is recorded once and likesCount follows', async () => {
      const { member, postId, post } = await aPost();
      const likeStream = `like-post-${postId}-${member.user.id}`;
      const path = `/api/posts/${postId}/like`;

      await apiSpec(app)
        .given(post)
        .when((request) => request.as(member).post(path))
        .then([
          expectResponse(200, { body: { success: true, liked: true, likesCount: 1 } }),
          expectNewEvents(likeStream, [
            { type: 'Liked', data: { target: 'post', postId, userId: member.user.id } },
          ]),
        ]);
      await apiSpec(app)
        .when((request) => request.as(member).post(path))
        .then([expectResponse(200), expectNoNewEvents(likeStream)]);
      expect((await read(postId)).likesCount).toBe(1);
      await apiSpec(app)
        .when((request) => request.as(member).get(path))
        .then([expectResponse(200, { body: { liked: true } })]);

      await apiSpec(app)
        .when((request) => request.as(member).delete(path))
        .then([
          expectResponse(200, { body: { success: true, liked: false, likesCount: 0 } }),
          expectNewEvents(likeStream, [{ type: 'Unliked' }]),
        ]);
      await apiSpec(app)
        .when((request) => request.as(member).delete(path))
        .then([expectResponse(200), expectNoNewEvents(likeStream)]);
      expect((await read(postId)).likesCount).toBe(0);
      await apiSpec(app)
        .when((request) => request.as(member).get(path))
        .then([expectResponse(200, { body: { liked: false } })]);
    });

    it('given a post, when its author likes and unlikes it, then it counts once, and its unlike', async () => {
      const { owner, postId, post } = await aPost();
      const path = `/api/posts/${postId}/like`;

      await apiSpec(app)
        .given(post)
        .when((request) => request.as(owner).post(path))
        .then([
          expectResponse(200, { body: { success: true, liked: true, likesCount: 1 } }),
          expectNewEvents(`like-post-${postId}-${owner.user.id}`, [{ type: 'Liked' }]),
        ]);
      expect((await read(postId)).likesCount).toBe(1);
      await apiSpec(app)
        .when((request) => request.as(owner).delete(path))
        .then([expectResponse(200, { body: { success: true, liked: false, likesCount: 0 } })]);
    });

    it('given a post, when the same account likes it six times in parallel, then one like is recorded and counted', async () => {
      const { member, postId, post } = await aPost();
      let answers: Response[] = [];

      await apiSpec(app)
        .given(post)
        .when(async (request) => {
          answers = await Promise.all(
            Array.from({ length: 6 }, () => request.as(member).post(`/api/posts/${postId}/like`)),
          );
          return answers[0];
        })
        .then([expectNewEvents(`like-post-${postId}-${member.user.id}`, [{ type: 'Liked' }])]);

      expect(answers.map((a) => a.body)).toEqual(
        answers.map(() => ({ success: true, liked: true, likesCount: 1 })),
      );
      expect((await read(postId)).likesCount).toBe(1);
    });

    it('given no such post or comment, when a member likes it, then 404', async () => {
      const member = await verifiedUser(app);

      await apiSpec(app)
        .when((request) =>
          request.as(member).post('/api/posts/00000000-0000-4000-8000-000000000000/like'),
        )
        .then([expectError(404, 'Post not found')]);
      await apiSpec(app)
        .when((request) => request.as(member).post('/api/comments/nope/like'))
        .then([expectError(404, 'Comment not found')]);
    });
  });

  describe('comments', () => {
    it('given a post, when members comment and reply, then the thread is nested and oldest first, counting replies too', async () => {
      const { owner, member, postId, post } = await aPost();

      const top = await apiSpec(app)
        .given(post)
        .when(commentOn(member, postId, '  Lovely arches  '))
        .then([
          expectResponse(201, {
            body: expect.objectContaining({
              postId,
              userId: member.user.id,
              username: member.user.anonymousUsername,
              text: 'Lovely arches',
              likesCount: 0,
              parentCommentId: null,
              replies: [],
            }),
          }),
        ]);
      const topId = (top.body as Comment).id;
      const [topEvent] = await app.events.readStream(`comment-${topId}`);
      expect(topEvent).toMatchObject({
        type: 'CommentPosted',
        data: { postId, text: 'Lovely arches', parentCommentId: null },
      });
      const second = await comment(owner, postId, 'Second');
      const reply = await apiSpec(app)
        .when(commentOn(owner, postId, 'Thanks!', topId))
        .then([
          expectResponse(201),
          expectNewEvents(`comment-${topId}`, [
            { type: 'CommentPosted', data: { parentCommentId: topId, text: 'Thanks!' } },
          ]),
        ]);
      // A reply to a reply joins the thread.
      const nested = await apiSpec(app)
        .when(commentOn(member, postId, 'You are welcome', (reply.body as Comment).id))
        .then([
          expectResponse(201, { body: expect.objectContaining({ parentCommentId: topId }) }),
          expectNewEvents(`comment-${topId}`, [
            { type: 'CommentPosted', data: { parentCommentId: topId } },
          ]),
        ]);

      const comments = await thread(postId);
      expect(comments.map((c) => c.id)).toEqual([topId, second.id]);
      expect(comments[0].replies.map((c) => c.id)).toEqual([
        (reply.body as Comment).id,
        (nested.body as Comment).id,
      ]);
      expect((await read(postId)).commentsCount).toBe(4);
    });

    it.each([
      ['blank', { text: '   ' }, 'Comment cannot be empty'],
      ['of 501 characters', { text: 'a'.repeat(501) }, 'Comment must be at most 500 characters'],
      ['without text', {}, 'Comment cannot be empty'],
    ])('given a post, when a member comments %s, then 400 %p', async (_what, body, message) => {
      const { member, postId, post } = await aPost();

      await apiSpec(app)
        .given(post)
        .when((request) => request.as(member).post(`/api/posts/${postId}/comments`).send(body))
        .then([expectError(400, message)]);
    });

    it('given two posts, when a member comments 500 emoji, then it is taken, and a reply on one post to the other’s comment is not', async () => {
      const { owner, member, postId, post } = await aPost();
      const other = randomUUID();
      const foreign = randomUUID();

      await apiSpec(app)
        .given(
          post,
          publishedPost(other, owner.user.id),
          postedComment({ commentId: foreign, postId: other, userId: member.user.id }, 'Elsewhere'),
        )
        .when(commentOn(member, postId, '😀'.repeat(500)))
        .then([expectResponse(201)]);
      await apiSpec(app)
        .when(commentOn(member, postId, 'Wrong post', foreign))
        .then([expectError(404), expectNoNewEvents(`comment-${foreign}`)]);
    });

    it('given a comment with two replies and another comment, when its author deletes it, then it goes with its replies; nobody else may', async () => {
      const { owner, member, postId, post } = await aPost();
      const [topId, keptId] = [randomUUID(), randomUUID()];

      await apiSpec(app)
        .given(
          post,
          postedComment({ commentId: topId, postId, userId: member.user.id }, 'Top'),
          postedComment({ commentId: randomUUID(), postId, userId: owner.user.id }, 'R1', topId),
          postedComment({ commentId: randomUUID(), postId, userId: owner.user.id }, 'R2', topId),
          postedComment({ commentId: keptId, postId, userId: owner.user.id }, 'Kept'),
        )
        .when((request) => request.as(owner).delete(`/api/comments/${topId}`))
        .then([
          expectError(403, 'You can only delete your own comments'),
          expectNoNewEvents(`comment-${topId}`),
        ]);
      expect((await read(postId)).commentsCount).toBe(4);

      await apiSpec(app)
        .when((request) => request.as(member).delete(`/api/comments/${topId}`))
        .then([
          expectResponse(200, { body: { success: true } }),
          expectNewEvents(`comment-${topId}`, [
            { type: 'CommentDeleted', data: { commentId: topId } },
          ]),
        ]);
      expect((await thread(postId)).map((c) => c.id)).toEqual([keptId]);
      expect((await read(postId)).commentsCount).toBe(1);
      await apiSpec(app)
        .when((request) => request.as(member).delete(`/api/comments/${topId}`))
        .then([expectError(404)]);
      await apiSpec(app)
        .when((request) => request.delete(`/api/comments/${keptId}`))
        .then([expectError(401)]);
    });

    it('given a comment, when a member likes it three times at once, then one like, and its unlike', async () => {
      const { owner, member, postId, post } = await aPost();
      const topId = randomUUID();
      let statuses: number[] = [];

      await apiSpec(app)
        .given(post, postedComment({ commentId: topId, postId, userId: owner.user.id }, 'Top'))
        .when(async (request) => {
          const answers = await Promise.all(
            [1, 2, 3].map(() => request.as(member).post(`/api/comments/${topId}/like`)),
          );
          statuses = answers.map((a) => a.status);
          return answers[0];
        })
        .then([
          expectNewEvents(`like-comment-${topId}-${member.user.id}`, [
            { type: 'Liked', data: { target: 'comment', targetId: topId, postId } },
          ]),
        ]);
      expect(statuses).toEqual([200, 200, 200]);

      await apiSpec(app)
        .when((request) => request.as(member).get(`/api/comments/${topId}/like`))
        .then([expectResponse(200, { body: { liked: true } })]);
      expect((await thread(postId))[0].likesCount).toBe(1);
      await apiSpec(app)
        .when((request) => request.as(member).delete(`/api/comments/${topId}/like`))
        .then([expectResponse(200, { body: { success: true, liked: false, likesCount: 0 } })]);
    });
  });

  describe('community ratings', () => {
    it('given a post with an AI score, when two members rate it, then its average is of the AI’s score and every community rating', async () => {
      const { owner, member, postId, post } = await aPost();
      const second = await verifiedUser(app);

      const page = await apiSpec(app)
        .given(post)
        .when((request) => request.get(`/api/posts/${postId}`))
        .then([expectResponse(200)]);
      const ai = Number((page.body as PostPage).averageRating);
      await apiSpec(app)
        .when(rate(member, postId, 10))
        .then([
          expectResponse(201, {
            body: {
              success: true,
              averageRating: ((ai + 10) / 2).toFixed(1),
              voteCount: 1,
              countsFrom: null,
              message: null,
            },
          }),
          expectNewEvents(`vote-${postId}-${member.user.id}`, [
            { type: 'Rated', data: { postId, userId: member.user.id, score: 10 } },
          ]),
        ]);
      await apiSpec(app)
        .when(rate(second, postId, 0))
        .then([expectResponse(201)]);
      expect(await read(postId)).toMatchObject({
        averageRating: ((ai + 10 + 0) / 3).toFixed(1),
        voteCount: 2,
      });
      await apiSpec(app)
        .when((request) => request.as(member).get(`/api/posts/${postId}/user-rating`))
        .then([
          expectResponse(200, {
            body: { rating: 10, countsFrom: null, newRatingCountsFrom: null },
          }),
        ]);
      await apiSpec(app)
        .when((request) => request.as(owner).get(`/api/posts/${postId}/user-rating`))
        .then([
          expectResponse(200, {
            body: { rating: null, countsFrom: null, newRatingCountsFrom: null },
          }),
        ]);
    });

    it('given members rated a post, when it is read, then the members’ average stands apart from the AI score', async () => {
      const { owner, member, postId, post } = await aPost();
      const second = await verifiedUser(app);

      await apiSpec(app)
        .given(post)
        .when((request) => request.get(`/api/posts/${postId}`))
        .then([
          expectResponse(200, {
            body: expect.objectContaining({ voteCount: 0, communityAverage: null }),
          }),
        ]);
      await apiSpec(app)
        .when(rate(member, postId, 10))
        .then([expectResponse(201)]);
      await apiSpec(app)
        .when(rate(second, postId, 3))
        .then([expectResponse(201)]);

      const figures = expect.objectContaining({ voteCount: 2, communityAverage: '6.5' });
      const page = await read(postId);
      expect(page).toEqual(figures);
      expect(page.aiRating).not.toBeNull();
      const own = await apiSpec(app)
        .when((request) => request.as(owner).get('/api/user/posts'))
        .then([expectResponse(200)]);
      expect((own.body as { id: string }[]).find((p) => p.id === postId)).toEqual(figures);
      const profile = await apiSpec(app)
        .when((request) => request.get(`/api/users/${owner.user.id}`))
        .then([expectResponse(200)]);
      expect(
        (profile.body as { posts: { id: string }[] }).posts.find((p) => p.id === postId),
      ).toEqual(figures);
    });

    it('given a post, when a member rates it three times at once, and its author rates it, then one rating is taken and the rest refused', async () => {
      const { owner, member: rater, postId, post } = await aPost();
      let answers: Response[] = [];

      await apiSpec(app)
        .given(post)
        .when(async (request) => {
          answers = await Promise.all(
            [3, 4, 5].map((score) => rate(rater, postId, score)(request)),
          );
          return answers[0];
        })
        .then([expectNewEvents(`vote-${postId}-${rater.user.id}`, [{ type: 'Rated' }])]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toEqual({
        message: 'You have already rated this post',
      });
      expect((await read(postId)).voteCount).toBe(1);

      await apiSpec(app)
        .when(rate(owner, postId, 10))
        .then([
          expectError(403, 'You cannot rate your own post'),
          expectNoNewEvents(`vote-${postId}-${owner.user.id}`),
        ]);
    });

    it.each([-1, 11, 7.5, '7', null])(
      'given a post, when a member rates it %p, then 400: whole numbers from 0 to 10 only',
      async (overallScore) => {
        const { member, postId, post } = await aPost();

        await apiSpec(app)
          .given(post)
          .when(rate(member, postId, overallScore))
          .then([
            expectError(400, 'Rating must be a whole number from 0 to 10'),
            expectNoNewEvents(`vote-${postId}-${member.user.id}`),
          ]);
      },
    );

    it('given no such post, when a member rates it, then 404', async () => {
      const member = await verifiedUser(app);

      await apiSpec(app)
        .when(rate(member, 'unknown', 5))
        .then([expectError(404)]);
    });
  });

  describe('reports', () => {
    it('given a post, when a member reports it three times at once, then one pending report is taken', async () => {
      const { member, postId, post } = await aPost();
      let answers: Response[] = [];

      await apiSpec(app)
        .given(post)
        .when(async (request) => {
          answers = await Promise.all(
            [1, 2, 3].map(() => report(member, postId, { reason: '  Not feet  ' })(request)),
          );
          return answers[0];
        })
        .then([
          expectNewEvents(`report-${postId}-${member.user.id}`, [
            {
              type: 'PostReported',
              data: { postId, userId: member.user.id, reason: 'Not feet' },
            },
          ]),
        ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toEqual({
        message: 'You have already reported this post',
      });
    });

    it.each([
      ['a blank reason', { reason: '  ' }, 'Please provide a reason for reporting this post'],
      ['no reason', {}, 'Please provide a reason for reporting this post'],
      [
        'a reason of 501 characters',
        { reason: 'x'.repeat(501) },
        'Reason must be at most 500 characters',
      ],
    ])(
      'given a post, when a member reports it with %s, then 400 %p',
      async (_what, body, message) => {
        const { member, postId, post } = await aPost();

        await apiSpec(app)
          .given(post)
          .when(report(member, postId, body))
          .then([
            expectError(400, message),
            expectNoNewEvents(`report-${postId}-${member.user.id}`),
          ]);
      },
    );

    it('given a post, when its author reports it, then 403', async () => {
      const { owner, postId, post } = await aPost();

      await apiSpec(app)
        .given(post)
        .when(report(owner, postId, { reason: 'Mine' }))
        .then([
          expectError(403, 'You cannot report your own post'),
          expectNoNewEvents(`report-${postId}-${owner.user.id}`),
        ]);
    });
  });
});
