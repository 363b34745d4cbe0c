import { Query } from '@nestjs/cqrs';
import type { BoostDocument } from '../../../projections/boosts/boosts.projection';
import type { Page, Paged } from '../admin-lists';
import type { PersonRef } from '../admin-reads';

/** A boost's state as the back office shows it; `refunded` is any boost with a refund. */
export type BoostState = 'unclaimed' | 'active' | 'expired' | 'withdrawn';
export type BoostFilter = 'all' | BoostState | 'refunded';
export const BOOST_FILTERS: readonly BoostFilter[] = [
  'all',
  'unclaimed',
  'active',
  'expired',
  'withdrawn',
  'refunded',
];

export interface BoostRow {
  boost: BoostDocument;
  /** The state now: an active boost whose time has run out is expired, swept or not. */
  state: BoostState;
  buyer: PersonRef | null;
}

/** Every boost, newest first; `active` and `expired` read the expiry against the clock. */
export class ListBoostsQuery extends Query<Paged<BoostRow>> {
  constructor(
    readonly filter: BoostFilter,
    readonly userId: string | undefined,
    readonly postId: string | undefined,
    readonly page: Page,
  ) {
    super();
  }
}
