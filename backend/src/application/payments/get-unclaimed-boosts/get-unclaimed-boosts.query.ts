import { Query } from '@nestjs/cqrs';
import type { BoostDocument } from '../../../projections/boosts/boosts.projection';

export interface UnclaimedBoosts {
  count: number;
  boost: BoostDocument | null;
  boosts: BoostDocument[];
}

/** The account's unused boosts, oldest (the next to apply) first. */
export class GetUnclaimedBoostsQuery extends Query<UnclaimedBoosts> {
  constructor(readonly userId: string) {
    super();
  }
}
