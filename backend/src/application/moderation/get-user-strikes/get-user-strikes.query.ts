import { Query } from '@nestjs/cqrs';
import type { StrikeEntry, SuspensionEntry } from '../../../projections/strikes/strikes.projection';

export interface UserStrikesView {
  /** Oldest first, each with its cause. */
  strikes: StrikeEntry[];
  /** Every posting suspension, oldest first, with its end and whether an admin lifted it. */
  suspensions: SuspensionEntry[];
  /** The end of the suspension running now, or null. */
  suspendedUntil: string | null;
}

/** An account's strikes and posting suspensions, for its page in the back office. */
export class GetUserStrikesQuery extends Query<UserStrikesView> {
  constructor(readonly userId: string) {
    super();
  }
}
