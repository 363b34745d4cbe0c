import { Inject, Injectable, Optional } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import {
  BOOST_CURRENCY,
  NOT_YOUR_POST,
  POST_ALREADY_BOOSTED,
  POST_NOT_LISTED,
} from '../../domain/boost/boost.decider';
import { ConflictError, ForbiddenError } from '../../domain/shared/errors';
import {
  type CheckoutOffer,
  checkoutDecider,
  checkoutStreamId,
} from '../../domain/payment/checkout.decider';
import {
  paymentAccountDecider,
  paymentAccountStreamId,
} from '../../domain/payment/payment-account.decider';
import type { PostDocument } from '../../projections/posts/posts.projection';
import { withCurrentBoost } from '../community/post-views';
import { METRICS, type Metrics, NO_METRICS } from '../ports/metrics.port';
import {
  type CheckoutRequest,
  PAYMENTS,
  type PaymentGateway,
  PaymentProviderUnavailableError,
} from '../ports/payments.port';
import {
  HOUR_MS,
  inMinutes,
  RATE_LIMITER,
  type RateLimiter,
  withinLimits,
} from '../ports/rate-limiter.port';
import type { By } from '../shared/command-metadata';
import { StreamWrites } from '../shared/stream-writes';

/** Checkouts one account or address may start per hour (each one is a Stripe API call). */
export const CHECKOUTS_PER_HOUR = 30;
const tooMany = (retryAfterMs: number) =>
  `Too many checkout attempts. Please try again ${inMinutes(retryAfterMs)}.`;

/** What the buyer is shown and sent back to, and what the checkout's stream records. */
export interface CheckoutPlan {
  itemName: string;
  /** Cents. */
  amount: number;
  /** Paths on the public address; the provider fills in `{CHECKOUT_SESSION_ID}`. */
  successPath: string;
  cancelPath: string;
  metadata: Record<string, string>;
  offer: Omit<CheckoutOffer, 'sessionId' | 'amount' | 'currency'>;
}

/**
 * Opening checkouts, shared by the boost and donation use cases: the hourly limits, the session
 * at the provider, and the offer recorded on the session's own stream (what the fulfilment
 * later reads).
 */
@Injectable()
export class Checkouts {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(METRICS) private readonly metrics: Metrics = NO_METRICS,
  ) {}

  now(): Date {
    return this.writes.now();
  }

  /** Refuses while a dispute is open on the account (decides nothing otherwise). */
  async assertBoostPurchaseAllowed(userId: string): Promise<void> {
    const stream = paymentAccountStreamId(userId);
    const account = await this.writes.load(paymentAccountDecider, stream);
    paymentAccountDecider.decide({ type: 'CheckBoostPurchaseAllowed' }, account.state);
  }

  /** Counts one checkout against each of the accounts and addresses named (429 past a limit). */
  async withinHourlyLimits(...who: string[]): Promise<void> {
    await withinLimits(
      this.limiter,
      who.map((key) => ({ key: `checkout:${key}`, limit: CHECKOUTS_PER_HOUR, windowMs: HOUR_MS })),
      tooMany,
    );
  }

  /** Opens the session with the provider and records its offer; answers where to send the buyer. */
  async open(plan: CheckoutPlan, buyer: By): Promise<{ url: string }> {
    const base = this.config.publicUrl;
    const request: CheckoutRequest = {
      itemName: plan.itemName,
      amount: plan.amount,
      currency: BOOST_CURRENCY,
      successUrl: `${base}${plan.successPath}`,
      cancelUrl: `${base}${plan.cancelPath}`,
      metadata: plan.metadata,
    };
    let created: { sessionId: string; url: string };
    try {
      created = await this.gateway.createCheckoutSession(request);
    } catch (error) {
      this.metrics.checkoutOpened('failed');
      throw new PaymentProviderUnavailableError(error);
    }
    this.metrics.checkoutOpened('created');
    const offer: CheckoutOffer = {
      ...plan.offer,
      sessionId: created.sessionId,
      amount: plan.amount,
      currency: BOOST_CURRENCY,
    };
    await this.writes.decide(
      checkoutStreamId(created.sessionId),
      checkoutDecider,
      { type: 'CreateCheckout', data: offer },
      buyer,
    );
    return { url: created.url };
  }
}

/** A boost is running on the post: the reads' own rule for a boost past its expiry. */
export function hasActiveBoost(post: PostDocument, now: Date): boolean {
  return withCurrentBoost(post, now).boostRank > 0;
}

/**
 * Whether a boost may start on the post, bought for it or applied to it: the member's own post,
 * on the leaderboard (not hidden, held or removed: a boost is a place there), with none running.
 * A post hidden once its boost runs keeps it (the terms: a boost cannot be paused).
 */
export function assertBoostable(post: PostDocument, userId: string, now: Date): void {
  if (post.authorId !== userId) throw new ForbiddenError(NOT_YOUR_POST);
  if (!post.listed) throw new ConflictError(POST_NOT_LISTED);
  if (hasActiveBoost(post, now)) throw new ConflictError(POST_ALREADY_BOOSTED);
}
