import { useCase } from '../../../../test/support/use-case-specification';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { account, post } from '../testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { GetAdminPostHandler } from './get-admin-post.handler';
import { GetAdminPostQuery } from './get-admin-post.query';

describe('one post for the back office', () => {
  const getAdminPost = givenHistory(
    useCase((world) => new GetAdminPostHandler(adminServices(world).reads), { now: NOW }),
    [
      account(id(2)),
      post(id(1), id(2), {
        type: 'PostRemoved',
        data: { postId: id(1), authorId: id(2), reason: 'Not a foot' },
      }),
    ],
  );

  it('given a removed post, when an admin asks for it, then it is answered too, with its author', async () => {
    const { answer: row } = await getAdminPost.when(new GetAdminPostQuery(id(1))).outcome();
    expect(row?.post.removed).toBe(true);
    expect(row?.author).toEqual({
      id: id(2),
      name: 'QuietHeron1234',
      email: `${id(2)}@example.com`,
    });
  });

  it('given no such post, when an admin asks for it, then it answers 404', () =>
    getAdminPost.when(new GetAdminPostQuery(id(3))).thenThrows(NotFoundError, POST_NOT_FOUND));
});
