import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { COMMENTS, type CommentDocument } from '../../../projections/comments/comments.projection';
import { type Filter, READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { decoratedPage, pageOf, type Paged, textSearch } from '../admin-lists';
import { AdminPeople } from '../admin-people';
import { type CommentRow, ListAdminCommentsQuery } from './list-admin-comments.query';

@QueryHandler(ListAdminCommentsQuery)
export class ListAdminCommentsHandler implements IQueryHandler<
  ListAdminCommentsQuery,
  Paged<CommentRow>
> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly people: AdminPeople,
  ) {}

  async execute(query: ListAdminCommentsQuery): Promise<Paged<CommentRow>> {
    const filter: Filter = {};
    if (query.postId) filter.postId = query.postId;
    if (query.authorId) filter.authorId = query.authorId;
    if (query.search) filter.text = textSearch(query.search);
    const page = await pageOf<CommentDocument>(
      this.readStore,
      COMMENTS,
      filter,
      { createdAt: -1 },
      query.page,
    );
    return decoratedPage(page, async (comments) => {
      const people = await this.people.people(comments.map((c) => c.authorId));
      return comments.map((comment) => ({
        comment,
        author: people.get(comment.authorId) ?? null,
      }));
    });
  }
}
