import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { COMMENTS, type CommentDocument } from '../../../projections/comments/comments.projection';
import { type Filter } from '../../ports/read-store.port';
import { decoratedPage, type Paged, textSearch } from '../admin-lists';
import { AdminReads } from '../admin-reads';
import { type CommentRow, ListAdminCommentsQuery } from './list-admin-comments.query';

@QueryHandler(ListAdminCommentsQuery)
export class ListAdminCommentsHandler implements IQueryHandler<
  ListAdminCommentsQuery,
  Paged<CommentRow>
> {
  constructor(private readonly reads: AdminReads) {}

  async execute(query: ListAdminCommentsQuery): Promise<Paged<CommentRow>> {
    const filter: Filter = {};
    if (query.postId) filter.postId = query.postId;
    if (query.authorId) filter.authorId = query.authorId;
    if (query.search) filter.text = textSearch(query.search);
    const page = await this.reads.page<CommentDocument>(
      COMMENTS,
      filter,
      { createdAt: -1 },
      query.page,
    );
    return decoratedPage(page, async (comments) => {
      const people = await this.reads.people(comments.map((c) => c.authorId));
      return comments.map((comment) => ({
        comment,
        author: people.get(comment.authorId) ?? null,
      }));
    });
  }
}
