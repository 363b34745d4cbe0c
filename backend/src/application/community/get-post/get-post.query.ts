import { Query } from '@nestjs/cqrs';
import type { PostView } from '../post-views';

export class GetPostQuery extends Query<PostView> {
  constructor(
    readonly postId: string,
    readonly viewerId: string | null,
  ) {
    super();
  }
}
