import { ApiProperty } from '@nestjs/swagger';
import type { BoostDocument } from '../../projections/boosts/boosts.projection';

export const BOOST_TYPE = { enum: ['regular', 'mega'] as const };

/** Cents as the wire shows prices: dollars with two decimals ("1.99"). */
export function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

export class BoostResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty(BOOST_TYPE)
  boostType!: 'regular' | 'mega';

  /** Paid, in dollars */
  @ApiProperty({ example: '1.99' })
  price!: string;

  @ApiProperty({ example: 'usd' })
  currency!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  appliedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt!: string | null;

  /** Applied to a post and not yet expired */
  isActive!: boolean;

  @ApiProperty({ type: String, format: 'uuid' })
  postId!: string | null;

  @ApiProperty({ format: 'uuid' })
  userId!: string;

  /** The Stripe PaymentIntent id */
  stripePaymentId!: string | null;
}

export function toBoostResponse(boost: BoostDocument, now: Date): BoostResponse {
  return {
    id: boost._id,
    boostType: boost.boostType,
    price: dollars(boost.amount),
    currency: boost.currency,
    createdAt: boost.createdAt,
    appliedAt: boost.appliedAt,
    expiresAt: boost.expiresAt,
    isActive:
      boost.status === 'active' && boost.expiresAt !== null && new Date(boost.expiresAt) > now,
    postId: boost.postId,
    userId: boost.userId,
    stripePaymentId: boost.stripePaymentId,
  };
}

/**
 * The boost running on a post, as `GET /api/posts/{id}/boost` answers it. Everyone sees what
 * the post's card and page show: which boost, and until when. The buyer alone also sees the
 * purchase (its id, price, payment id); admins read purchases in the back office.
 */
export class PostBoostResponse {
  @ApiProperty(BOOST_TYPE)
  boostType!: 'regular' | 'mega';

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt!: string | null;

  /** Applied to a post and not yet expired */
  isActive!: boolean;

  /** The buyer only */
  @ApiProperty({ format: 'uuid' })
  id?: string;

  /** The buyer only: paid, in dollars */
  @ApiProperty({ example: '1.99' })
  price?: string;

  /** The buyer only */
  @ApiProperty({ example: 'usd' })
  currency?: string;

  /** The buyer only */
  @ApiProperty({ format: 'date-time' })
  createdAt?: string;

  /** The buyer only */
  @ApiProperty({ type: String, format: 'date-time' })
  appliedAt?: string | null;

  /** The buyer only */
  @ApiProperty({ type: String, format: 'uuid' })
  postId?: string | null;

  /** The buyer only */
  @ApiProperty({ format: 'uuid' })
  userId?: string;

  /** The buyer only: the Stripe PaymentIntent id */
  stripePaymentId?: string | null;
}

/** What `viewerId` may see of the boost running on a post: all of it for its buyer. */
export function toPostBoostResponse(
  boost: BoostDocument,
  viewerId: string | null,
  now: Date,
): PostBoostResponse {
  const full = toBoostResponse(boost, now);
  if (viewerId !== null && viewerId === boost.userId) return full;
  return { boostType: full.boostType, expiresAt: full.expiresAt, isActive: full.isActive };
}

export class UnclaimedBoostsResponse {
  count!: number;

  /** The next to be applied */
  boost!: BoostResponse | null;

  /** Oldest first */
  boosts!: BoostResponse[];
}

export class CheckoutUrlResponse {
  /** Where the browser goes to pay */
  url!: string;
}

export class PostCheckoutUrlResponse {
  /** Where the browser goes to pay */
  checkoutUrl!: string;
}

export class AppliedBoostResponse {
  @ApiProperty(BOOST_TYPE)
  boostType!: 'regular' | 'mega';
}

export class CheckoutConfirmationResponse {
  @ApiProperty({ enum: ['paid', 'unpaid', 'expired'] })
  status!: 'paid' | 'unpaid' | 'expired';

  kind!: 'boost' | 'donation';

  @ApiProperty({ ...BOOST_TYPE, required: false })
  boostType?: 'regular' | 'mega';

  @ApiProperty({ format: 'uuid' })
  postId?: string;

  /** In dollars */
  @ApiProperty({ example: '5.00' })
  amount!: string;

  /**
   * The paid charge’s receipt page, when the provider has one; for whoever holds the session id
   * (signed in or not)
   */
  receiptUrl?: string;

  /**
   * A paid post checkout: whether its boost runs on the post (false: the post could not take it
   * — gone, off the leaderboard or boosted meanwhile — and the boost waits unused on the account)
   */
  appliedToPost?: boolean;
}

export class WebhookReceivedResponse {
  @ApiProperty({ enum: [true] })
  received!: true;
}
