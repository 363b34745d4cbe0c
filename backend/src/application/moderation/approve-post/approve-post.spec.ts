import { useCase } from '../../../../test/support/use-case-specification';
import { postStreamId } from '../../../domain/post/post.decider';
import { ConflictError, NotFoundError } from '../../../domain/shared/errors';
import { post } from '../testing/admin-events';
import { ADMIN, adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { ApprovePostCommand } from './approve-post.command';
import { ApprovePostHandler } from './approve-post.handler';

describe('approving a post', () => {
  const approvePost = useCase((world) => new ApprovePostHandler(adminServices(world).writes), {
    now: NOW,
  });
  const [postId, author] = [id(1), id(2)];
  const approved = { type: 'PostApproved', data: { postId, authorId: author } };

  it('given a published post, when an admin approves it, then the approval is on the post’s stream, with the admin as its actor', () =>
    givenHistory(approvePost, [post(postId, author)])
      .when(new ApprovePostCommand(ADMIN, postId))
      .then(postStreamId(postId), [
        { ...approved, metadata: { actor: { type: 'admin', id: ADMIN.adminId } } },
      ]));

  it('given an approved post, when approved again, then a second approval is refused, and a post the read model does not know', async () => {
    await givenHistory(approvePost, [post(postId, author, approved)])
      .when(new ApprovePostCommand(ADMIN, postId))
      .thenThrows(ConflictError);
    await givenHistory(approvePost, [post(postId, author)])
      .when(new ApprovePostCommand(ADMIN, id(3)))
      .thenThrows(NotFoundError);
  });
});
