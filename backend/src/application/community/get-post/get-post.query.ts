import { Query } from '@nestjs/cqrs';
import type { PostPageView } from '../post-views';

export class GetPostQuery extends Query<PostPageView> {
  constructor(
    readonly postId: string,
    readonly viewerId: string | null,
  ) {
    super();
  }
}
