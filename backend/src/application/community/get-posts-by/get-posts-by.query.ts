import { Query } from '@nestjs/cqrs';
import type { PostDocument } from '../../../projections/posts/posts.projection';

/** An author's posts, newest first: all of them for the author, public ones for others. */
export class GetPostsByQuery extends Query<PostDocument[]> {
  constructor(
    readonly authorId: string,
    readonly publicOnly: boolean,
  ) {
    super();
  }
}
