import { ApiProperty } from '@nestjs/swagger';
import type {
  OwnPurchase,
  OwnPurchasesPage,
} from '../../application/payments/list-own-purchases/list-own-purchases.query';
import { BOOST_TYPE, dollars } from './boost.view';

export class PurchaseResponse {
  id!: string;

  kind!: 'boost' | 'donation';

  @ApiProperty({ ...BOOST_TYPE, nullable: true, type: String })
  boostType!: 'regular' | 'mega' | null;

  /** Paid, in dollars */
  @ApiProperty({ example: '1.99' })
  amount!: string;

  @ApiProperty({ example: 'usd' })
  currency!: string;

  /** When it was paid */
  @ApiProperty({ format: 'date-time' })
  paidAt!: string;

  /** A boost: unused, active, expired or refunded; a donation: received or refunded */
  @ApiProperty({ enum: ['unused', 'active', 'expired', 'refunded', 'received'] })
  state!: OwnPurchase['state'];

  /** The boosted post */
  @ApiProperty({ type: String, format: 'uuid' })
  postId!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt!: string | null;

  /** A boost that ended before its time: its post was removed by a moderator, or deleted */
  @ApiProperty({ enum: ['removed', 'deleted'], nullable: true, type: String })
  endedEarly!: 'removed' | 'deleted' | null;

  /** Refunded so far, in dollars */
  @ApiProperty({ example: '0.00' })
  refunded!: string;

  /** The payment provider’s receipt */
  receiptUrl!: string | null;
}

export class PurchasesPageResponse {
  items!: PurchaseResponse[];

  total!: number;

  page!: number;

  pageSize!: number;
}

export function toPurchasesPage(page: OwnPurchasesPage): PurchasesPageResponse {
  return {
    ...page,
    items: page.items.map((item) => ({
      id: item.id,
      kind: item.kind,
      boostType: item.boostType,
      amount: dollars(item.amount),
      currency: item.currency,
      paidAt: item.at,
      state: item.state,
      postId: item.postId,
      expiresAt: item.expiresAt,
      endedEarly: item.endedEarly,
      refunded: dollars(item.refunded),
      receiptUrl: item.receiptUrl,
    })),
  };
}
