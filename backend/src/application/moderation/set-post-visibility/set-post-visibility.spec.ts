import { useCase } from '../../../../test/support/use-case-specification';
import { postStreamId } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { post } from '../testing/admin-events';
import { ADMIN, adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { SetPostVisibilityCommand } from './set-post-visibility.command';
import { SetPostVisibilityHandler } from './set-post-visibility.handler';

describe('hiding or showing a post', () => {
  const setPostVisibility = useCase(
    (world) => new SetPostVisibilityHandler(adminServices(world).writes),
    { now: NOW },
  );
  const [postId, author] = [id(1), id(2)];

  it('given a published post, when an admin hides it, then it is hidden with the reason given', () =>
    givenHistory(setPostVisibility, [post(postId, author)])
      .when(new SetPostVisibilityCommand(ADMIN, postId, false, 'Off topic'))
      .then(postStreamId(postId), [
        {
          type: 'PostVisibilityChanged',
          data: { postId, authorId: author, isPublic: false, reason: 'Off topic' },
        },
      ]));

  it('given a removed post, when an admin hides it, then it is refused', () =>
    givenHistory(setPostVisibility, [
      post(postId, author, {
        type: 'PostRemoved',
        data: { postId, authorId: author, reason: 'Not a foot' },
      }),
    ])
      .when(new SetPostVisibilityCommand(ADMIN, postId, false, null))
      .thenThrows(NotFoundError));
});
