import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { decoratedPage, pageOf, type Paged } from '../admin-lists';
import { AdminPeople, type PostRow } from '../admin-people';
import { ListHeldPostsQuery } from './list-held-posts.query';

/**
 * Held posts, the longest waiting first (their authors have waited longest), along the posts
 * projection's `held` index. Approving (`ApprovePost`) or removing one takes it off the queue.
 */
@QueryHandler(ListHeldPostsQuery)
export class ListHeldPostsHandler implements IQueryHandler<ListHeldPostsQuery, Paged<PostRow>> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly people: AdminPeople,
  ) {}

  async execute({ page }: ListHeldPostsQuery): Promise<Paged<PostRow>> {
    const posts = await pageOf<PostDocument>(
      this.readStore,
      POSTS,
      { held: 1 },
      { held: 1, createdAt: 1 },
      page,
    );
    return decoratedPage(posts, (items) => this.people.postRows(items));
  }
}
