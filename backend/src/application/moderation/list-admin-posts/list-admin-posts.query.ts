import { Query } from '@nestjs/cqrs';
import type { Page, Paged } from '../admin-lists';
import type { PostRow } from '../admin-reads';

export type PostFilter = 'all' | 'pending' | 'hidden' | 'reported' | 'removed';

/** Posts, pending review first, filtered, with their authors. */
export class ListAdminPostsQuery extends Query<Paged<PostRow>> {
  constructor(
    readonly filter: PostFilter,
    readonly authorId: string | undefined,
    readonly page: Page,
  ) {
    super();
  }
}
