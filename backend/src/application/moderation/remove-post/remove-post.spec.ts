import { useCase } from '../../../../test/support/use-case-specification';
import { postStreamId } from '../../../domain/post/post.decider';
import { ValidationError } from '../../../domain/shared/errors';
import { RemovedPostReports } from '../../community/removed-post-reports';
import { post } from '../testing/admin-events';
import {
  ADMIN,
  adminServices,
  appendedTo,
  givenHistory,
  id,
  NOW,
} from '../testing/admin-use-cases';
import { RemovePostCommand } from './remove-post.command';
import { RemovePostHandler } from './remove-post.handler';

describe('removing a post', () => {
  const removePost = useCase(
    (world) => {
      const { writes, streams } = adminServices(world);
      return new RemovePostHandler(writes, new RemovedPostReports(streams, world.readStore));
    },
    { now: NOW },
  );
  const postId = id(1);

  it('given a published post, when an admin removes it, then it is removed for good, with the reason', async () => {
    const outcome = await givenHistory(removePost, [post(postId, id(2))])
      .when(new RemovePostCommand(ADMIN, postId, 'Not a foot'))
      .outcome();
    const [last] = appendedTo(outcome, postStreamId(postId)).slice(-1);
    expect(last).toMatchObject({
      type: 'PostRemoved',
      data: { postId, reason: 'Not a foot' },
    });
  });

  it('given a published post, when removed without a reason, then it is refused', () =>
    givenHistory(removePost, [post(postId, id(2))])
      .when(new RemovePostCommand(ADMIN, postId, ' '))
      .thenThrows(ValidationError));
});
