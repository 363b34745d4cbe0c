import request from 'supertest';
import type { RegisteredUser } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

type ThreadComment = Schema<'CommentResponse'>;

/**
 * "Do I like this?" comes from the likes read model, in the answer that carries the thread: one
 * request answers it for every comment, whatever the thread's length.
 */
describe('the viewer’s likes in the comments answer', () => {
  let app: TestApp;
  let owner: RegisteredUser;
  let member: RegisteredUser;

  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000', ...ROOMY_WRITE_LIMITS });
    owner = await verifiedUser(app);
    member = await verifiedUser(app);
  });
  afterAll(() => app.close());

  const comment = async (postId: string, text: string, parentCommentId?: string) =>
    (
      await owner.agent
        .post(`/api/posts/${postId}/comments`)
        .send({ text, parentCommentId })
        .expect(201)
    ).body as ThreadComment;

  const thread = async (postId: string, viewer?: RegisteredUser): Promise<ThreadComment[]> =>
    (await (viewer ? viewer.agent : request(app.server)).get(`/api/posts/${postId}/comments`)).body;

  const everyComment = (comments: ThreadComment[]) =>
    comments.flatMap((top) => [top, ...top.replies]);

  it('says at once that the viewer likes a comment just liked, and no longer once unliked', async () => {
    const postId = await publishPost(app, owner);
    const top = await comment(postId, 'Top');
    const reply = await comment(postId, 'Reply', top.id);
    expect(top.likedByViewer).toBe(false);

    for (let round = 1; round <= 20; round += 1) {
      const like = round % 2 === 1;
      const target = round % 4 < 2 ? top : reply;
      const path = `/api/comments/${target.id}/like`;
      await (like ? member.agent.post(path) : member.agent.delete(path)).expect(200);
      const seen = everyComment(await thread(postId, member)).find((c) => c.id === target.id);
      expect({ round, likedByViewer: seen?.likedByViewer }).toEqual({ round, likedByViewer: like });
      await member.agent.get(path).expect(200, { liked: like });
    }
  });

  it('answers the like state of every comment of a long thread in one request, per viewer', async () => {
    const postId = await publishPost(app, owner);
    const tops: ThreadComment[] = [];
    for (let i = 0; i < 15; i += 1) tops.push(await comment(postId, `Top ${i}`));
    const replies: ThreadComment[] = [];
    for (const top of tops.slice(0, 10)) replies.push(await comment(postId, 'Reply', top.id));
    const all = [...tops, ...replies];
    const likedByMember = all.filter((_, i) => i % 3 === 0).map((c) => c.id);
    const likedByOwner = all.filter((_, i) => i % 4 === 1).map((c) => c.id);
    for (const id of likedByMember) await member.agent.post(`/api/comments/${id}/like`).expect(200);
    for (const id of likedByOwner) await owner.agent.post(`/api/comments/${id}/like`).expect(200);
    // Liking the post itself marks no comment.
    await member.agent.post(`/api/posts/${postId}/like`).expect(200);

    const likedIn = (comments: ThreadComment[]) =>
      everyComment(comments)
        .filter((c) => c.likedByViewer)
        .map((c) => c.id)
        .sort();
    const memberThread = await thread(postId, member);
    expect(everyComment(memberThread)).toHaveLength(25);
    expect(likedIn(memberThread)).toEqual([...likedByMember].sort());
    expect(likedIn(await thread(postId, owner))).toEqual([...likedByOwner].sort());
    expect(likedIn(await thread(postId))).toEqual([]);
    // The counts still count everybody's likes.
    const both = likedByMember.filter((id) => likedByOwner.includes(id));
    expect(everyComment(memberThread).find((c) => c.id === both[0])?.likesCount).toBe(2);
  });

  it('answers the same thread, compressed when asked, to every viewer and after every change', async () => {
    const postId = await publishPost(app, owner);
    const tops: ThreadComment[] = [];
    for (let i = 0; i < 12; i += 1)
      tops.push(await comment(postId, `A longer comment, number ${i}`));
    const read = (viewer: RegisteredUser | null, encoding: string) =>
      (viewer ? viewer.agent : request(app.server))
        .get(`/api/posts/${postId}/comments`)
        .set('Accept-Encoding', encoding)
        .expect(200)
        .expect('Content-Type', /application\/json/);
    // Signed out, then liking none of it, then liking one: compressed or not, the same comments.
    const plain = await read(null, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const viewer of [null, member, null]) {
      const gzipped = await read(viewer, 'gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.body).toEqual(plain.body);
    }
    await member.agent.post(`/api/comments/${tops[4]!.id}/like`).expect(200);
    const own = await read(member, 'br');
    expect(own.headers['content-encoding']).toBe('br');
    expect(own.headers['vary']).toContain('Accept-Encoding');
    const liked = own.body as ThreadComment[];
    expect(liked.filter((c) => c.likedByViewer).map((c) => c.id)).toEqual([tops[4]!.id]);
    expect(liked[4]!.likesCount).toBe(1);
    // The like moved the thread on for everyone: its count, never the member's like.
    const signedOut = (await read(null, 'gzip')).body as ThreadComment[];
    expect(signedOut[4]).toMatchObject({ likesCount: 1, likedByViewer: false });
    const another = await comment(postId, 'Posted last');
    expect(((await read(null, 'gzip')).body as ThreadComment[]).at(-1)?.id).toBe(another.id);
  });

  it('keeps answering GET …/like of a post from the read model', async () => {
    const postId = await publishPost(app, owner);
    await member.agent.get(`/api/posts/${postId}/like`).expect(200, { liked: false });
    await member.agent.post(`/api/posts/${postId}/like`).expect(200);
    await member.agent.get(`/api/posts/${postId}/like`).expect(200, { liked: true });
    await owner.agent.get(`/api/posts/${postId}/like`).expect(200, { liked: false });
    await member.agent.delete(`/api/posts/${postId}/like`).expect(200);
    await member.agent.get(`/api/posts/${postId}/like`).expect(200, { liked: false });
  });
});
