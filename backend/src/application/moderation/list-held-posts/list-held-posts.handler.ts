import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import { decoratedPage, type Paged } from '../admin-lists';
import { AdminReads, type PostRow } from '../admin-reads';
import { ListHeldPostsQuery } from './list-held-posts.query';

/**
 * Held posts, the longest waiting first (their authors have waited longest), along the posts
 * projection's `held` index. Approving (`ApprovePost`) or removing one takes it off the queue.
 */
@QueryHandler(ListHeldPostsQuery)
export class ListHeldPostsHandler implements IQueryHandler<ListHeldPostsQuery, Paged<PostRow>> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ page }: ListHeldPostsQuery): Promise<Paged<PostRow>> {
    const posts = await this.reads.page<PostDocument>(
      POSTS,
      { held: 1 },
      { held: 1, createdAt: 1 },
      page,
    );
    return decoratedPage(posts, (items) => this.reads.postRows(items));
  }
}
