import { useCase } from '../../../../test/support/use-case-specification';
import { postAt } from '../testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { ListAdminPostsHandler } from './list-admin-posts.handler';
import { ListAdminPostsQuery } from './list-admin-posts.query';

describe('listing posts for review', () => {
  const listAdminPosts = useCase((world) => new ListAdminPostsHandler(adminServices(world).reads), {
    now: NOW,
  });
  const on = (day: string) => `2026-11-${day}T00:00:00.000Z`;
  const approved = (postId: string) => ({
    type: 'PostApproved',
    data: { postId, authorId: id(2) },
  });

  it('given posts of two authors, pending and approved, when the pending ones of an author are listed, then they come newest first, with the author (null: not in the read model)', async () => {
    const { answer: page } = await givenHistory(listAdminPosts, [
      postAt(on('20'), { postId: id(1), authorId: id(2) }),
      postAt(on('21'), { postId: id(3), authorId: id(2) }),
      postAt(on('22'), { postId: id(4), authorId: id(2) }, approved(id(4))),
      postAt(on('22'), { postId: id(5), authorId: id(6) }),
    ])
      .when(new ListAdminPostsQuery('pending', id(2), { page: 1, pageSize: 1 }))
      .outcome();
    expect(page?.total).toBe(2);
    expect(page?.items.map((row) => [row.post._id, row.author])).toEqual([[id(3), null]]);
  });
});
