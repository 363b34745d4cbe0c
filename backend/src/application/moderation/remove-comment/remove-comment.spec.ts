import { useCase } from '../../../../test/support/use-case-specification';
import { COMMENT_NOT_FOUND, commentStreamId } from '../../../domain/comment/comment.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { comment, post } from '../testing/admin-events';
import {
  ADMIN,
  adminServices,
  appendedTo,
  givenHistory,
  id,
  NOW,
} from '../testing/admin-use-cases';
import { RemoveCommentCommand } from './remove-comment.command';
import { RemoveCommentHandler } from './remove-comment.handler';

describe('removing a comment', () => {
  const removeComment = useCase(
    (world) => {
      const { writes, streams } = adminServices(world);
      return new RemoveCommentHandler(writes, streams);
    },
    { now: NOW },
  );
  const commentId = id(5);
  const history = [post(id(1), id(3)), comment(commentId, id(1), id(2))];

  it('given a comment, when an admin removes it, then it is deleted on its thread’s stream, found through the read model', async () => {
    const outcome = await givenHistory(removeComment, history)
      .when(new RemoveCommentCommand(ADMIN, commentId, 'Rude'))
      .outcome();
    const [last] = appendedTo(outcome, commentStreamId(commentId)).slice(-1);
    expect(last).toMatchObject({ type: 'CommentDeleted', data: { commentId, postId: id(1) } });
  });

  it('given no such comment, when an admin removes it, then it answers 404', () =>
    givenHistory(removeComment, history)
      .when(new RemoveCommentCommand(ADMIN, id(6), 'Rude'))
      .thenThrows(NotFoundError, COMMENT_NOT_FOUND));
});
