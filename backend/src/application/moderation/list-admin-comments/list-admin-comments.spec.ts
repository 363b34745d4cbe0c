import { useCase } from '../../../../test/support/use-case-specification';
import { comment, post } from '../testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { ListAdminCommentsHandler } from './list-admin-comments.handler';
import { ListAdminCommentsQuery } from './list-admin-comments.query';

describe('searching comments', () => {
  const listAdminComments = useCase(
    (world) => new ListAdminCommentsHandler(adminServices(world).reads),
    { now: NOW },
  );

  it('given two comments, when searched with brackets, then the text is matched case-insensitively, taking the search literally', async () => {
    const { answer: page } = await givenHistory(listAdminComments, [
      post(id(9), id(8)),
      comment(id(1), id(9), id(2), 'Price (USD) is fine'),
      comment(id(3), id(9), id(2), 'price usd'),
    ])
      .when(
        new ListAdminCommentsQuery('price (usd', undefined, undefined, { page: 1, pageSize: 25 }),
      )
      .outcome();
    expect(page?.items.map((row) => row.comment._id)).toEqual([id(1)]);
  });
});
