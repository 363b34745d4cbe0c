import {
  COMMENT_NOT_FOUND,
  commentDecider,
  commentStreamId,
} from '../../../domain/comment/comment.decider';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { COMMENTS } from '../../../projections/comments/comments.projection';
import { ADMIN, adminWorld, type AdminWorld, id, NOW } from '../testing/admin-world';
import { RemoveCommentCommand } from './remove-comment.command';
import { RemoveCommentHandler } from './remove-comment.handler';

describe('removing a comment', () => {
  let world: AdminWorld;
  let handler: RemoveCommentHandler;
  const comment = id(5);

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new RemoveCommentHandler(world.writes, world.streamWrites);
    await world.given(commentDecider, commentStreamId(comment), {
      type: 'PostComment',
      data: { commentId: comment, postId: id(1), threadId: null, userId: id(2), text: 'Hi' },
    });
    await world.documents(COMMENTS, { _id: comment, threadId: comment });
  });

  it('deletes it on its thread’s stream, found through the read model', async () => {
    await handler.execute(new RemoveCommentCommand(ADMIN, comment, 'Rude'));
    const [last] = (await world.stream(commentStreamId(comment))).slice(-1);
    expect(last.type).toBe('CommentDeleted');
  });

  it('answers 404 for a comment the read model does not know', async () => {
    await expect(handler.execute(new RemoveCommentCommand(ADMIN, id(6), 'Rude'))).rejects.toThrow(
      COMMENT_NOT_FOUND,
    );
  });
});
