import { Query } from '@nestjs/cqrs';

/**
 * A purchase's state: a boost is `unused` (bought, not applied), `active`, `expired`, or
 * `refunded` (withdrawn or any refund); a donation is `received` or `refunded` (in part or whole).
 */
export type PurchaseState = 'unused' | 'active' | 'expired' | 'refunded' | 'received';

export interface OwnPurchase {
  id: string;
  kind: 'boost' | 'donation';
  boostType: 'regular' | 'mega' | null;
  /** Cents paid. */
  amount: number;
  currency: string;
  at: string;
  state: PurchaseState;
  /** The boosted post, once applied. */
  postId: string | null;
  expiresAt: string | null;
  /** A boost that ended before its time, and why: its post was removed or deleted. */
  endedEarly: 'removed' | 'deleted' | null;
  /** Cents refunded so far. */
  refunded: number;
  receiptUrl: string | null;
}

export interface OwnPurchasesPage {
  items: OwnPurchase[];
  total: number;
  page: number;
  pageSize: number;
}

/** The account's own boosts and donations, newest first, one page of them. */
export class ListOwnPurchasesQuery extends Query<OwnPurchasesPage> {
  constructor(
    readonly userId: string,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}
