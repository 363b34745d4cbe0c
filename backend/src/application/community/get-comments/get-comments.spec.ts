import { randomUUID } from 'node:crypto';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import type { CommentView } from '../post-views';
import { GetCommentsHandler } from './get-comments.handler';
import { GetCommentsQuery } from './get-comments.query';
import { KEPT_THREADS, KeptThreads } from './kept-threads';

describe('get a post’s comments', () => {
  const [first, second] = [randomUUID(), randomUUID()];
  const posted = (commentId: string, parentCommentId: string | null = null, text = 'Hi') => ({
    type: 'CommentPosted',
    data: {
      commentId,
      postId,
      threadId: parentCommentId ?? commentId,
      parentCommentId,
      userId: author,
      text,
    },
  });
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;
  let handler: GetCommentsHandler;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    handler = new GetCommentsHandler(world.reads, new KeptThreads(world.reads, world.progress));
    await world.given(author, { [`post-${postId}`]: [postPublished(postId, author)] });
    await world.given(author, {
      [`comment-${first}`]: [posted(first)],
      [`comment-${second}`]: [posted(second)],
    });
    await world.given(member, {
      [`like-comment-${second}-${member}`]: [
        { type: 'Liked', data: { target: 'comment', targetId: second, postId, userId: member } },
      ],
    });
  });

  const read = (viewerId: string | null) => handler.execute(new GetCommentsQuery(postId, viewerId));
  const likedByViewer = async (viewerId: string | null) => {
    const { comments, likedByViewer: liked } = await read(viewerId);
    return Object.fromEntries(
      comments.map((view) => [view.comment._id, liked.has(view.comment._id)]),
    );
  };

  it('says which comments the viewer likes, from the likes read model', async () => {
    expect(await likedByViewer(member)).toEqual({ [first]: false, [second]: true });
  });

  it('says none for another viewer or a signed-out one', async () => {
    expect(await likedByViewer(author)).toEqual({ [first]: false, [second]: false });
    expect(await likedByViewer(null)).toEqual({ [first]: false, [second]: false });
  });

  it('nests replies under their comment', async () => {
    const [reply, later] = [randomUUID(), randomUUID()];
    await world.given(author, { [`comment-${reply}`]: [posted(reply, first, 'A reply')] });
    await world.given(author, { [`comment-${later}`]: [posted(later, first, 'Later')] });
    // (Every event here is posted at the same instant: the order among them is not asked.)
    const ids = (views: readonly CommentView[]) => new Set(views.map((view) => view.comment._id));
    const { comments } = await read(null);
    expect(ids(comments)).toEqual(new Set([first, second]));
    const parent = comments.find((view) => view.comment._id === first)!;
    expect(ids(parent.replies)).toEqual(new Set([reply, later]));
  });

  describe('a thread read once for every viewer while the read models stay put', () => {
    it('answers the same thread again until another event is projected', async () => {
      const once = await read(member);
      expect((await read(null)).comments).toBe(once.comments);
      expect(Object.isFrozen(once.comments)).toBe(true);
    });

    it('reads it again once any event is projected: a new comment is seen at once', async () => {
      const before = await read(null);
      const third = randomUUID();
      await world.given(author, { [`comment-${third}`]: [posted(third)] });
      const after = await read(null);
      expect(after.comments).not.toBe(before.comments);
      expect(after.comments.map((view) => view.comment._id)).toContain(third);
    });

    it('reads each viewer’s likes on every request, never from the kept thread', async () => {
      expect(await likedByViewer(null)).toEqual({ [first]: false, [second]: false });
      expect(await likedByViewer(member)).toEqual({ [first]: false, [second]: true });
    });

    it('checks who may see the post on every request: a hidden post’s kept thread is its author’s only', async () => {
      await world.given(author, {
        [`post-${postId}`]: [
          {
            type: 'PostVisibilityChanged',
            data: { postId, authorId: author, isPublic: false, reason: null },
          },
        ],
      });
      expect((await read(author)).comments).toHaveLength(2);
      await expect(read(member)).rejects.toThrow(new NotFoundError(POST_NOT_FOUND));
      await expect(read(null)).rejects.toThrow(new NotFoundError(POST_NOT_FOUND));
    });

    it('keeps at most KEPT_THREADS posts, dropping the one kept longest', async () => {
      const kept = new KeptThreads(world.reads, world.progress);
      const reads = jest.spyOn(world.reads, 'thread');
      const others = Array.from({ length: KEPT_THREADS }, () => randomUUID());
      const oldest = await kept.thread(postId);
      for (const other of others) await kept.thread(other);
      expect(await kept.thread(others.at(-1)!)).toEqual([]);
      expect(reads).toHaveBeenCalledTimes(KEPT_THREADS + 1);
      // The first post was dropped to make room for the last: read again, a new array.
      expect(await kept.thread(postId)).not.toBe(oldest);
      expect(reads).toHaveBeenCalledTimes(KEPT_THREADS + 2);
    });

    it('does not keep a failed read: the next request reads again', async () => {
      const kept = new KeptThreads(world.reads, world.progress);
      jest.spyOn(world.reads, 'thread').mockRejectedValueOnce(new Error('disk gone'));
      await expect(kept.thread(postId)).rejects.toThrow('disk gone');
      expect(await kept.thread(postId)).toHaveLength(2);
    });
  });
});
