import { useCase } from '../../../../test/support/use-case-specification';
import { postAt } from '../testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { ListHeldPostsHandler } from './list-held-posts.handler';
import { ListHeldPostsQuery } from './list-held-posts.query';

describe('listing the posts held for review', () => {
  const on = (day: string) => `2026-11-${day}T00:00:00.000Z`;
  const listHeldPosts = givenHistory(
    useCase((world) => new ListHeldPostsHandler(adminServices(world).reads), { now: NOW }),
    [
      postAt(on('21'), { postId: id(1), authorId: id(9), held: true }),
      postAt(on('20'), { postId: id(2), authorId: id(9), held: true }),
      postAt(on('19'), { postId: id(3), authorId: id(9) }),
      postAt(on('22'), { postId: id(4), authorId: id(9), held: true }),
    ],
  );

  it('given held and published posts, when the first page is listed, then it has held posts only, the longest waiting first, with the total', async () => {
    const { answer: first } = await listHeldPosts
      .when(new ListHeldPostsQuery({ page: 1, pageSize: 2 }))
      .outcome();
    expect(first?.total).toBe(3);
    expect(first?.items.map((row) => row.post._id)).toEqual([id(2), id(1)]);
  });

  it('given held and published posts, when the second page is listed, then it has the rest', async () => {
    const { answer: second } = await listHeldPosts
      .when(new ListHeldPostsQuery({ page: 2, pageSize: 2 }))
      .outcome();
    expect(second?.items.map((row) => row.post._id)).toEqual([id(4)]);
  });
});
