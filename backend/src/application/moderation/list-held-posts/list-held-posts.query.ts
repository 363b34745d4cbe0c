import { Query } from '@nestjs/cqrs';
import type { Page, Paged } from '../admin-lists';
import type { PostRow } from '../admin-reads';

/** The "Held for review" queue: posts waiting for an admin before they go public, oldest first. */
export class ListHeldPostsQuery extends Query<Paged<PostRow>> {
  constructor(readonly page: Page) {
    super();
  }
}
