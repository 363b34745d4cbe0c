import { Query } from '@nestjs/cqrs';
import type { ThreadView } from '../post-views';

/** A post's thread of comments, and which of them the viewer likes. */
export class GetCommentsQuery extends Query<ThreadView> {
  constructor(
    readonly postId: string,
    readonly viewerId: string | null,
  ) {
    super();
  }
}
