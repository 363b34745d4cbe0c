import { Query } from '@nestjs/cqrs';
import type { PostPreview } from './post-previews';

/** What a shared link to a public post shows; NotFoundError for any other post. */
export class GetPostPreviewQuery extends Query<PostPreview> {
  constructor(readonly postId: string) {
    super();
  }
}
