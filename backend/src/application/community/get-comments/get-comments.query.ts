import { Query } from '@nestjs/cqrs';
import type { CommentView } from '../post-views';

/** A post's comments, each with whether the viewer likes it. */
export class GetCommentsQuery extends Query<CommentView[]> {
  constructor(
    readonly postId: string,
    readonly viewerId: string | null,
  ) {
    super();
  }
}
