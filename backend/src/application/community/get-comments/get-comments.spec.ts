import { randomUUID } from 'node:crypto';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { GetCommentsHandler } from './get-comments.handler';
import { GetCommentsQuery } from './get-comments.query';

describe('get a post’s comments', () => {
  const [first, second] = [randomUUID(), randomUUID()];
  const posted = (commentId: string) => ({
    type: 'CommentPosted',
    data: {
      commentId,
      postId,
      threadId: commentId,
      parentCommentId: null,
      userId: author,
      text: 'Hi',
    },
  });
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
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

  const likedByViewer = async (viewerId: string | null) => {
    const query = new GetCommentsQuery(postId, viewerId);
    const threads = await new GetCommentsHandler(world.reads).execute(query);
    return Object.fromEntries(threads.map((view) => [view.comment._id, view.likedByViewer]));
  };

  it('says which comments the viewer likes, from the likes read model', async () => {
    expect(await likedByViewer(member)).toEqual({ [first]: false, [second]: true });
  });

  it('says none for another viewer or a signed-out one', async () => {
    expect(await likedByViewer(author)).toEqual({ [first]: false, [second]: false });
    expect(await likedByViewer(null)).toEqual({ [first]: false, [second]: false });
  });
});
