import { randomUUID } from 'node:crypto';
import { NOT_YOUR_COMMENT } from '../../../domain/comment/comment.decider';
import { ForbiddenError } from '../../../domain/shared/errors';
import { postPublished } from '../../../../test/support/community-use-cases';
import {
  type UseCaseSpecification,
  useCase,
} from '../../../../test/support/use-case-specification';
import { commentPosted, communityServices } from '../testing/community-use-cases';
import { DeleteCommentCommand } from './delete-comment.command';
import { DeleteCommentHandler } from './delete-comment.handler';

describe('delete a comment', () => {
  const commentId = randomUUID();
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  const commentStream = `comment-${commentId}`;

  const givenAComment = <Answer>(spec: UseCaseSpecification<DeleteCommentCommand, Answer>) =>
    spec
      .given(`post-${postId}`, postPublished(postId, author))
      .given(commentStream, commentPosted(commentId, postId, member));
  const deleteComment = givenAComment(
    useCase((world) => {
      const { writes, reads } = communityServices(world);
      return new DeleteCommentHandler(writes, reads);
    }),
  );
  /** The command, then the post's thread as the read models show it once the command is done. */
  const deleteThenThread = givenAComment(
    useCase((world) => {
      const { writes, reads } = communityServices(world);
      const handler = new DeleteCommentHandler(writes, reads);
      return {
        execute: async (command: DeleteCommentCommand) => {
          await handler.execute(command);
          return (await reads.thread(postId, { limit: 100 })).threads;
        },
      };
    }),
  );
  const by = (userId: string) => new DeleteCommentCommand(userId, commentId, 'c-1');

  it('deletes the author’s comment, which leaves the thread', async () => {
    await deleteComment.when(by(member)).then(commentStream, [
      {
        type: 'CommentDeleted',
        data: expect.objectContaining({ commentId, postId, userId: member, removedReplyIds: [] }),
      },
    ]);
    await deleteThenThread.when(by(member)).thenAnswers([]);
  });

  it('refuses to delete someone else’s comment', async () => {
    const refused = deleteComment.when(by(author));
    await refused.thenThrows(ForbiddenError, NOT_YOUR_COMMENT);
    expect((await refused.outcome()).appended).toEqual([]);
  });
});
