import { Query } from '@nestjs/cqrs';
import type { ThreadView } from '../post-views';

/** A page of a post's threads of comments, and which of them the viewer likes. */
export class GetCommentsQuery extends Query<ThreadView> {
  constructor(
    readonly postId: string,
    readonly viewerId: string | null,
    readonly page: { cursor?: string; limit: number },
  ) {
    super();
  }
}
