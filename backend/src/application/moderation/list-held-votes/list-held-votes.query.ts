import { Query } from '@nestjs/cqrs';
import type { HeldVoteDocument } from '../../../projections/held-votes/held-votes.projection';

/** The votes on a post (or by an account) that did not count when cast, and why; newest first. */
export class ListHeldVotesQuery extends Query<HeldVoteDocument[]> {
  constructor(readonly by: { postId: string } | { userId: string }) {
    super();
  }
}
