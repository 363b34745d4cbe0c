import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import type { RegisteredUser } from '../support/accounts';
import {
  apiSpec,
  expectNewEvents,
  expectResponse,
  type ApiRequest,
} from '../support/api-specification';
import { verifiedUser } from '../support/community';
import {
  likedComment,
  likedPost,
  postedComment,
  publishedPost,
} from '../support/community-history';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

type ThreadComment = Schema<'CommentResponse'>;

/**
 * "Do I like this?" comes from the likes read model, in the answer that carries the thread: one
 * request answers it for every comment, whatever the thread's length.
 */
describe('the viewer’s likes in the comments answer', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000', ...ROOMY_WRITE_LIMITS });
  });
  afterAll(() => app.close());

  const everyComment = (comments: ThreadComment[]) =>
    comments.flatMap((top) => [top, ...top.replies]);

  /** A post by `owner` with a thread of `texts.length` comments, in that order: their ids. */
  function thread(postId: string, owner: RegisteredUser, texts: string[]) {
    const ids = texts.map(() => randomUUID());
    const history = [
      publishedPost(postId, owner.user.id),
      ...ids.map((commentId, i) =>
        postedComment({ commentId, postId, userId: owner.user.id }, texts[i]),
      ),
    ];
    return { ids, history };
  }

  const readThread = (postId: string, viewer?: RegisteredUser) => (request: ApiRequest) =>
    (viewer ? request.as(viewer) : request).get(`/api/posts/${postId}/comments`);

  it('given a comment and its reply, when a member likes and unlikes them in turn, then each answer and the thread say at once whether the member likes it', async () => {
    const [owner, member] = [await verifiedUser(app), await verifiedUser(app)];
    const postId = randomUUID();
    const [topId, replyId] = [randomUUID(), randomUUID()];
    await apiSpec(app)
      .given(
        publishedPost(postId, owner.user.id),
        postedComment({ commentId: topId, postId, userId: owner.user.id }, 'Top'),
        postedComment({ commentId: replyId, postId, userId: owner.user.id }, 'Reply', topId),
      )
      .when(readThread(postId, member))
      .then([
        expectResponse(200, {
          body: [
            expect.objectContaining({
              id: topId,
              likedByViewer: false,
              replies: [expect.objectContaining({ id: replyId, likedByViewer: false })],
            }),
          ],
        }),
      ]);

    const likes = new Set<string>();
    for (let round = 1; round <= 20; round += 1) {
      const like = round % 2 === 1;
      const target = round % 4 < 2 ? topId : replyId;
      const path = `/api/comments/${target}/like`;
      await apiSpec(app)
        .when((request) => (like ? request.as(member).post(path) : request.as(member).delete(path)))
        .then([
          expectResponse(200),
          // Liking what one likes, or unliking what one does not, records nothing.
          expectNewEvents(
            `like-comment-${target}-${member.user.id}`,
            like === likes.has(target)
              ? []
              : [{ type: like ? 'Liked' : 'Unliked', data: { targetId: target, postId } }],
          ),
        ]);
      if (like) likes.add(target);
      else likes.delete(target);
      const seen = await apiSpec(app)
        .when(readThread(postId, member))
        .then([expectResponse(200)]);
      const comment = everyComment(seen.body as ThreadComment[]).find((c) => c.id === target);
      expect({ round, likedByViewer: comment?.likedByViewer }).toEqual({
        round,
        likedByViewer: like,
      });
      await apiSpec(app)
        .when((request) => request.as(member).get(path))
        .then([expectResponse(200, { body: { liked: like } })]);
    }
  });

  it('given a long thread whose comments two members like, when each viewer reads it, then one answer marks the viewer’s own likes and counts everybody’s', async () => {
    const [owner, member] = [await verifiedUser(app), await verifiedUser(app)];
    const postId = randomUUID();
    const tops = Array.from({ length: 15 }, () => randomUUID());
    const replies = tops.slice(0, 10).map((topId) => ({ topId, id: randomUUID() }));
    const all = [...tops, ...replies.map((reply) => reply.id)];
    const likedByMember = all.filter((_, i) => i % 3 === 0);
    const likedByOwner = all.filter((_, i) => i % 4 === 1);
    const likedIn = (answer: Response) =>
      everyComment(answer.body as ThreadComment[])
        .filter((c) => c.likedByViewer)
        .map((c) => c.id)
        .sort();

    const memberThread = await apiSpec(app)
      .given(
        publishedPost(postId, owner.user.id),
        ...tops.map((commentId, i) =>
          postedComment({ commentId, postId, userId: owner.user.id }, `Top ${i}`),
        ),
        ...replies.map(({ topId, id }) =>
          postedComment({ commentId: id, postId, userId: owner.user.id }, 'Reply', topId),
        ),
        ...likedByMember.map((id) => likedComment(id, postId, member.user.id)),
        ...likedByOwner.map((id) => likedComment(id, postId, owner.user.id)),
        // Liking the post itself marks no comment.
        likedPost(postId, member.user.id),
      )
      .when(readThread(postId, member))
      .then([expectResponse(200)]);

    expect(everyComment(memberThread.body as ThreadComment[])).toHaveLength(25);
    expect(likedIn(memberThread)).toEqual([...likedByMember].sort());
    const both = likedByMember.filter((id) => likedByOwner.includes(id));
    expect(
      everyComment(memberThread.body as ThreadComment[]).find((c) => c.id === both[0])?.likesCount,
    ).toBe(2);
    const ownerThread = await apiSpec(app)
      .when(readThread(postId, owner))
      .then([expectResponse(200)]);
    expect(likedIn(ownerThread)).toEqual([...likedByOwner].sort());
    const signedOut = await apiSpec(app)
      .when(readThread(postId))
      .then([expectResponse(200)]);
    expect(likedIn(signedOut)).toEqual([]);
  });

  it('given a thread, when it is read compressed or not, by any viewer and after a like and a comment, then the same comments each time', async () => {
    const [owner, member] = [await verifiedUser(app), await verifiedUser(app)];
    const postId = randomUUID();
    const { ids, history } = thread(
      postId,
      owner,
      Array.from({ length: 12 }, (_, i) => `A longer comment, number ${i}`),
    );
    const read = (viewer: RegisteredUser | undefined, encoding: string) => (request: ApiRequest) =>
      readThread(postId, viewer)(request).set('Accept-Encoding', encoding);
    const json = { 'content-type': expect.stringMatching(/application\/json/) };

    // Signed out, then liking none of it, then liking one: compressed or not, the same comments.
    const plain = await apiSpec(app)
      .given(...history)
      .when(read(undefined, 'identity'))
      .then([expectResponse(200, { headers: json })]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const viewer of [undefined, member, undefined]) {
      await apiSpec(app)
        .when(read(viewer, 'gzip'))
        .then([
          expectResponse(200, {
            body: plain.body,
            headers: { ...json, 'content-encoding': 'gzip' },
          }),
        ]);
    }

    await apiSpec(app)
      .when((request) => request.as(member).post(`/api/comments/${ids[4]}/like`))
      .then([
        expectResponse(200),
        expectNewEvents(`like-comment-${ids[4]}-${member.user.id}`, [{ type: 'Liked' }]),
      ]);
    const own = await apiSpec(app)
      .when(read(member, 'br'))
      .then([
        expectResponse(200, {
          headers: {
            ...json,
            'content-encoding': 'br',
            vary: expect.stringContaining('Accept-Encoding'),
          },
        }),
      ]);
    const liked = own.body as ThreadComment[];
    expect(liked.filter((c) => c.likedByViewer).map((c) => c.id)).toEqual([ids[4]]);
    expect(liked[4]!.likesCount).toBe(1);
    // The like moved the thread on for everyone: its count, never the member's like.
    const signedOut = await apiSpec(app)
      .when(read(undefined, 'gzip'))
      .then([expectResponse(200, { headers: json })]);
    expect((signedOut.body as ThreadComment[])[4]).toMatchObject({
      likesCount: 1,
      likedByViewer: false,
    });

    const another = await apiSpec(app)
      .when((request) =>
        request.as(owner).post(`/api/posts/${postId}/comments`).send({ text: 'Posted last' }),
      )
      .then([
        expectResponse(201, {
          body: expect.objectContaining({ text: 'Posted last', likedByViewer: false }),
        }),
      ]);
    const id = (another.body as ThreadComment).id;
    const last = await apiSpec(app)
      .when(read(undefined, 'gzip'))
      .then([expectResponse(200)]);
    expect((last.body as ThreadComment[]).at(-1)?.id).toBe(id);
  });

  it('given a post, when a member likes and unlikes it, then GET …/like answers from the read model whether that viewer likes it', async () => {
    const [owner, member] = [await verifiedUser(app), await verifiedUser(app)];
    const postId = randomUUID();
    const path = `/api/posts/${postId}/like`;
    const likeStream = `like-post-${postId}-${member.user.id}`;

    await apiSpec(app)
      .given(publishedPost(postId, owner.user.id))
      .when((request) => request.as(member).get(path))
      .then([expectResponse(200, { body: { liked: false } })]);
    await apiSpec(app)
      .when((request) => request.as(member).post(path))
      .then([expectResponse(200), expectNewEvents(likeStream, [{ type: 'Liked' }])]);
    await apiSpec(app)
      .when((request) => request.as(member).get(path))
      .then([expectResponse(200, { body: { liked: true } })]);
    await apiSpec(app)
      .when((request) => request.as(owner).get(path))
      .then([expectResponse(200, { body: { liked: false } })]);
    await apiSpec(app)
      .when((request) => request.as(member).delete(path))
      .then([expectResponse(200), expectNewEvents(likeStream, [{ type: 'Unliked' }])]);
    await apiSpec(app)
      .when((request) => request.as(member).get(path))
      .then([expectResponse(200, { body: { liked: false } })]);
  });
});
