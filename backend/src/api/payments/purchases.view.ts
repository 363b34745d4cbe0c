import { ApiProperty } from '@nestjs/swagger';
import type {
  OwnPurchase,
  OwnPurchasesPage,
} from '../../application/payments/list-own-purchases/list-own-purchases.query';
import { BOOST_TYPE, dollars } from './boost.view';

export class PurchaseResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty({ enum: ['boost', 'donation'] })
  kind!: 'boost' | 'donation';

  @ApiProperty({ ...BOOST_TYPE, nullable: true, type: String })
  boostType!: 'regular' | 'mega' | null;

  @ApiProperty({ example: '1.99', description: 'Paid, in dollars' })
  amount!: string;

  @ApiProperty({ example: 'usd' })
  currency!: string;

  @ApiProperty({ format: 'date-time', description: 'When it was paid' })
  paidAt!: string;

  @ApiProperty({
    enum: ['unused', 'active', 'expired', 'refunded', 'received'],
    description: 'A boost: unused, active, expired or refunded; a donation: received or refunded',
  })
  state!: OwnPurchase['state'];

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The boosted post' })
  postId!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expiresAt!: string | null;

  @ApiProperty({ example: '0.00', description: 'Refunded so far, in dollars' })
  refunded!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The payment provider’s receipt' })
  receiptUrl!: string | null;
}

export class PurchasesPageResponse {
  @ApiProperty({ type: [PurchaseResponse] })
  items!: PurchaseResponse[];

  @ApiProperty()
  total!: number;

  @ApiProperty()
  page!: number;

  @ApiProperty()
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
      refunded: dollars(item.refunded),
      receiptUrl: item.receiptUrl,
    })),
  };
}
