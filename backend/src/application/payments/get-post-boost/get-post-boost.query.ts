import { Query } from '@nestjs/cqrs';
import type { BoostDocument } from '../../../projections/boosts/boosts.projection';

/** The boost running on a post, or null, for whoever may see the post. */
export class GetPostBoostQuery extends Query<BoostDocument | null> {
  constructor(
    readonly postId: string,
    readonly viewerId: string | null,
  ) {
    super();
  }
}
