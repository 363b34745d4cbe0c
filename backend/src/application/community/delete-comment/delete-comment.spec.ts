import { randomUUID } from 'node:crypto';
import { NOT_YOUR_COMMENT } from '../../../domain/comment/comment.decider';
import { ForbiddenError } from '../../../domain/shared/errors';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { DeleteCommentCommand } from './delete-comment.command';
import { DeleteCommentHandler } from './delete-comment.handler';

describe('delete a comment', () => {
  const commentId = randomUUID();
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${postId}`]: [postPublished(postId, author)] });
    await world.given(member, {
      [`comment-${commentId}`]: [
        {
          type: 'CommentPosted',
          data: {
            commentId,
            postId,
            threadId: commentId,
            parentCommentId: null,
            userId: member,
            text: 'Hi',
          },
        },
      ],
    });
  });

  const remove = (userId: string) =>
    new DeleteCommentHandler(world.writes, world.reads).execute(
      new DeleteCommentCommand(userId, commentId, 'c-1'),
    );

  it('deletes the author’s comment, which leaves the thread', async () => {
    await remove(member);
    const [, deleted] = await world.then(`comment-${commentId}`);
    expect(deleted).toMatchObject({ type: 'CommentDeleted', data: { commentId, userId: member } });
    expect(await world.reads.thread(postId)).toEqual([]);
  });

  it('refuses to delete someone else’s comment', async () => {
    await expect(remove(author)).rejects.toThrow(new ForbiddenError(NOT_YOUR_COMMENT));
    expect(await world.then(`comment-${commentId}`)).toHaveLength(1);
  });
});
