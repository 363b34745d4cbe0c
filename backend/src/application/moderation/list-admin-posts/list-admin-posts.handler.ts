import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import { type Filter, type Sort } from '../../ports/read-store.port';
import { decoratedPage, type Paged } from '../admin-lists';
import { AdminReads, type PostRow } from '../admin-reads';
import { ListAdminPostsQuery, type PostFilter } from './list-admin-posts.query';

const NEWEST: Sort = { createdAt: -1 };

/** Each filter walks an index of its own (see the posts projection). */
function postsWhere(filter: PostFilter): { filter: Filter; sort: Sort } {
  switch (filter) {
    case 'pending':
      return { filter: { pendingReview: 1 }, sort: NEWEST };
    case 'hidden':
      return { filter: { listed: false, removed: false }, sort: NEWEST };
    case 'reported':
      return {
        filter: { pendingReports: { $gt: 0 } },
        sort: { pendingReports: -1, createdAt: -1 },
      };
    case 'removed':
      return { filter: { removed: true }, sort: NEWEST };
    default:
      return { filter: {}, sort: { pendingReview: -1, createdAt: -1 } };
  }
}

@QueryHandler(ListAdminPostsQuery)
export class ListAdminPostsHandler implements IQueryHandler<ListAdminPostsQuery, Paged<PostRow>> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ filter, authorId, page }: ListAdminPostsQuery): Promise<Paged<PostRow>> {
    const where = postsWhere(filter);
    const byAuthor: Filter = authorId ? { authorId } : {};
    const posts = await this.reads.page<PostDocument>(
      POSTS,
      { ...byAuthor, ...where.filter },
      where.sort,
      page,
    );
    return decoratedPage(posts, (items) => this.reads.postRows(items));
  }
}
