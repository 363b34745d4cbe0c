import { Query } from '@nestjs/cqrs';
import type { CommentDocument } from '../../../projections/comments/comments.projection';
import type { Page, Paged } from '../admin-lists';
import type { PersonRef } from '../admin-reads';

export interface CommentRow {
  comment: CommentDocument;
  author: PersonRef | null;
}

/** Comments, newest first, searched (case-insensitive, in the text) and filtered. */
export class ListAdminCommentsQuery extends Query<Paged<CommentRow>> {
  constructor(
    readonly search: string | undefined,
    readonly postId: string | undefined,
    readonly authorId: string | undefined,
    readonly page: Page,
  ) {
    super();
  }
}
