import { Inject } from '@nestjs/common';
import {
  CommandHandler,
  type ICommandHandler,
  type IQueryHandler,
  QueryHandler,
} from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import {
  BOOST_CURRENCY,
  BOOST_PRICES,
  boostDecider,
  boostExpiry,
  boostStreamId,
  NO_UNUSED_BOOSTS,
  NOT_YOUR_POST,
  POST_ALREADY_BOOSTED,
} from '../../domain/boost/boost.decider';
import { postBoostDecider, postBoostStreamId } from '../../domain/boost/post-boost.decider';
import {
  type CheckoutOffer,
  checkoutDecider,
  checkoutStreamId,
} from '../../domain/payment/checkout.decider';
import {
  paymentAccountDecider,
  paymentAccountStreamId,
} from '../../domain/payment/payment-account.decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { BOOSTS, type BoostDocument } from '../../projections/boosts/boosts.projection';
import type { PostDocument } from '../../projections/posts/posts.projection';
import { PostReads, withCurrentBoost } from '../community/post-reads';
import { commandMetadata, userActor } from '../shared/command-metadata';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
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
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { CLOCK, type Clock } from '../shared/clock';
import { loadState, runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { PaymentFulfilment } from './payment-fulfilment';
import {
  ApplyBoostCommand,
  type CheckoutConfirmation,
  ConfirmCheckoutCommand,
  GetPostBoostQuery,
  GetUnclaimedBoostsQuery,
  IngestStripeWebhookCommand,
  PayLocalCheckoutCommand,
  StartBoostCheckoutCommand,
  StartDonationCheckoutCommand,
} from './payments.commands';

/** Checkouts one account or address may start per hour (each one is a Stripe API call). */
export const CHECKOUTS_PER_HOUR = 30;
const tooMany = (retryAfterMs: number) =>
  `Too many checkout attempts. Please try again ${inMinutes(retryAfterMs)}.`;

function userMetadata(userId: string, now: Date, correlationId: string): CommandMetadata {
  return commandMetadata(userActor(userId), now, correlationId);
}

/**
 * Opens a Checkout Session with the provider, then records what it offers on the session's own
 * stream (what the webhook and the return page later fulfil); answers the address to send the
 * buyer to.
 */
async function openCheckout(
  gateway: PaymentGateway,
  eventStore: EventStore,
  request: CheckoutRequest,
  offer: Omit<CheckoutOffer, 'sessionId'>,
  metadata: CommandMetadata,
): Promise<{ url: string }> {
  let created: { sessionId: string; url: string };
  try {
    created = await gateway.createCheckoutSession(request);
  } catch (error) {
    throw new PaymentProviderUnavailableError(error);
  }
  await runDecider(
    eventStore,
    checkoutDecider,
    checkoutStreamId(created.sessionId),
    { type: 'CreateCheckout', data: { sessionId: created.sessionId, ...offer } },
    metadata,
  );
  return { url: created.url };
}

/** The hourly checkout limit of one account or one address. */
function checkoutsFrom(who: string) {
  return { key: `checkout:${who}`, limit: CHECKOUTS_PER_HOUR, windowMs: HOUR_MS };
}

/** A boost is running on the post: the reads' own rule for a boost past its expiry. */
function hasActiveBoost(post: PostDocument, now: Date) {
  return withCurrentBoost(post, now).boostRank > 0;
}

@CommandHandler(StartBoostCheckoutCommand)
export class StartBoostCheckoutHandler implements ICommandHandler<
  StartBoostCheckoutCommand,
  { url: string }
> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reads: PostReads,
  ) {}

  async execute(command: StartBoostCheckoutCommand): Promise<{ url: string }> {
    const { userId, boostType, postId, correlationId } = command;
    const now = this.clock.now();
    const metadata = userMetadata(userId, now, correlationId);
    // Refuses while a dispute is open on the account (decides nothing otherwise).
    const account = await loadState(
      this.eventStore,
      paymentAccountDecider,
      paymentAccountStreamId(userId),
    );
    paymentAccountDecider.decide({ type: 'CheckBoostPurchaseAllowed' }, account.state);
    if (postId !== null) {
      const post = await this.reads.visiblePost(postId, userId);
      if (post.authorId !== userId) throw new ForbiddenError(NOT_YOUR_POST);
      if (hasActiveBoost(post, now)) throw new ConflictError(POST_ALREADY_BOOSTED);
    }
    await withinLimits(
      this.limiter,
      [checkoutsFrom(`user:${userId}`), checkoutsFrom(`ip:${command.clientKey}`)],
      tooMany,
    );
    const price = BOOST_PRICES[boostType];
    const boostId = randomUUID();
    const base = this.config.publicUrl;
    return openCheckout(
      this.gateway,
      this.eventStore,
      {
        itemName: price.name,
        amount: price.amount,
        currency: BOOST_CURRENCY,
        successUrl:
          postId === null
            ? `${base}/boost?session_id={CHECKOUT_SESSION_ID}&type=boost`
            : `${base}/post/${postId}?boost=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl:
          postId === null
            ? `${base}/boost?cancelled=true`
            : `${base}/post/${postId}?boost=cancelled`,
        metadata: { kind: 'boost', boostType, boostId, userId, ...(postId ? { postId } : {}) },
      },
      {
        kind: 'boost',
        amount: price.amount,
        currency: BOOST_CURRENCY,
        userId,
        boostType,
        boostId,
        postId,
      },
      metadata,
    );
  }
}

@CommandHandler(StartDonationCheckoutCommand)
export class StartDonationCheckoutHandler implements ICommandHandler<
  StartDonationCheckoutCommand,
  { url: string }
> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: StartDonationCheckoutCommand): Promise<{ url: string }> {
    const { amount, userId, correlationId } = command;
    await withinLimits(this.limiter, [checkoutsFrom(`ip:${command.clientKey}`)], tooMany);
    const base = this.config.publicUrl;
    return openCheckout(
      this.gateway,
      this.eventStore,
      {
        itemName: 'Donation',
        amount,
        currency: BOOST_CURRENCY,
        successUrl: `${base}/boost?session_id={CHECKOUT_SESSION_ID}&type=donation`,
        cancelUrl: `${base}/boost?cancelled=true`,
        metadata: { kind: 'donation', ...(userId ? { userId } : {}) },
      },
      {
        kind: 'donation',
        amount,
        currency: BOOST_CURRENCY,
        userId,
        boostType: null,
        boostId: null,
        postId: null,
      },
      commandMetadata(
        userId ? userActor(userId) : { type: 'visitor', id: command.clientKey },
        this.clock.now(),
        correlationId,
      ),
    );
  }
}

@CommandHandler(IngestStripeWebhookCommand)
export class IngestStripeWebhookHandler implements ICommandHandler<IngestStripeWebhookCommand> {
  constructor(private readonly fulfilment: PaymentFulfilment) {}

  async execute({ rawBody, signature }: IngestStripeWebhookCommand): Promise<void> {
    await this.fulfilment.ingest(rawBody, signature);
  }
}

@CommandHandler(ConfirmCheckoutCommand)
export class ConfirmCheckoutHandler implements ICommandHandler<
  ConfirmCheckoutCommand,
  CheckoutConfirmation
> {
  constructor(
    private readonly fulfilment: PaymentFulfilment,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  async execute({
    sessionId,
    correlationId,
  }: ConfirmCheckoutCommand): Promise<CheckoutConfirmation> {
    const { session, offer, position } = await this.fulfilment.fulfil(sessionId, {
      // What Stripe answered about its session is the cause, as a webhook would be.
      actor: { type: 'stripe', id: sessionId },
      now: this.clock.now(),
      correlationId,
      causationId: sessionId,
    });
    // The buyer sees the purchase at once: wait until the read models hold it.
    await this.progress.waitFor(position);
    return {
      status:
        session.paymentStatus === 'paid'
          ? 'paid'
          : session.status === 'expired'
            ? 'expired'
            : 'unpaid',
      kind: offer.kind,
      boostType: offer.boostType,
      postId: offer.postId,
      amount: session.amountTotal || offer.amount,
    };
  }
}

@CommandHandler(PayLocalCheckoutCommand)
export class PayLocalCheckoutHandler implements ICommandHandler<
  PayLocalCheckoutCommand,
  { successUrl: string }
> {
  constructor(
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly fulfilment: PaymentFulfilment,
  ) {}

  async execute({ sessionId }: PayLocalCheckoutCommand): Promise<{ successUrl: string }> {
    const local = this.gateway.localCheckout;
    if (!local?.page(sessionId)) throw new NotFoundError('Checkout session not found');
    const delivery = local.pay(sessionId, this.clock.now());
    // Through the very same signed path as a delivery from Stripe.
    const position = await this.fulfilment.ingest(delivery.body, delivery.signature);
    await this.progress.waitFor(position);
    return { successUrl: delivery.successUrl };
  }
}

@CommandHandler(ApplyBoostCommand)
export class ApplyBoostHandler implements ICommandHandler<
  ApplyBoostCommand,
  { boostType: 'regular' | 'mega' }
> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly reads: PostReads,
  ) {}

  async execute({ userId, postId, correlationId }: ApplyBoostCommand) {
    const now = this.clock.now();
    const post = await this.reads.visiblePost(postId, userId);
    if (post.authorId !== userId) throw new ForbiddenError(NOT_YOUR_POST);
    if (hasActiveBoost(post, now)) throw new ConflictError(POST_ALREADY_BOOSTED);
    const [next] = await this.readStore.find<BoostDocument>(
      BOOSTS,
      { userId, status: 'unclaimed' },
      { sort: { createdAt: 1 }, limit: 1 },
    );
    if (!next) throw new ConflictError(NO_UNUSED_BOOSTS);
    const metadata = userMetadata(userId, now, correlationId);
    const slot = postBoostStreamId(postId);
    const claim = { postId, boostId: next._id };
    // The post first (one running boost per post, even when two applications race), then the
    // boost; a boost that cannot be applied after all gives the post back.
    const claimed = await runDecider(
      this.eventStore,
      postBoostDecider,
      slot,
      {
        type: 'ClaimPostBoost',
        data: { ...claim, expiresAt: boostExpiry(next.boostType, now).toISOString() },
      },
      metadata,
    );
    let decided;
    try {
      decided = await runDecider(
        this.eventStore,
        boostDecider,
        boostStreamId(next._id),
        { type: 'ApplyBoost', data: { postId, userId } },
        metadata,
      );
    } catch (error) {
      // Only a claim this request made is given back (a racing twin may hold it for real).
      if (claimed.events.length > 0) {
        await runDecider(
          this.eventStore,
          postBoostDecider,
          slot,
          { type: 'ReleasePostBoost', data: claim },
          metadata,
        );
      }
      throw error;
    }
    await this.progress.waitFor(decided.position);
    return { boostType: next.boostType };
  }
}

export interface UnclaimedBoosts {
  count: number;
  boost: BoostDocument | null;
  boosts: BoostDocument[];
}

@QueryHandler(GetUnclaimedBoostsQuery)
export class GetUnclaimedBoostsHandler implements IQueryHandler<
  GetUnclaimedBoostsQuery,
  UnclaimedBoosts
> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ userId }: GetUnclaimedBoostsQuery): Promise<UnclaimedBoosts> {
    const boosts = await this.readStore.find<BoostDocument>(
      BOOSTS,
      { userId, status: 'unclaimed' },
      { sort: { createdAt: 1 } },
    );
    return { count: boosts.length, boost: boosts[0] ?? null, boosts };
  }
}

@QueryHandler(GetPostBoostQuery)
export class GetPostBoostHandler implements IQueryHandler<GetPostBoostQuery, BoostDocument | null> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: PostReads,
  ) {}

  async execute({ postId, viewerId }: GetPostBoostQuery): Promise<BoostDocument | null> {
    await this.reads.visiblePost(postId, viewerId);
    const now = this.clock.now();
    const running = await this.readStore.find<BoostDocument>(BOOSTS, { postId, status: 'active' });
    return running.find((boost) => boost.expiresAt && new Date(boost.expiresAt) > now) ?? null;
  }
}

export const paymentsProviders = [
  PaymentFulfilment,
  StartBoostCheckoutHandler,
  StartDonationCheckoutHandler,
  IngestStripeWebhookHandler,
  ConfirmCheckoutHandler,
  PayLocalCheckoutHandler,
  ApplyBoostHandler,
  GetUnclaimedBoostsHandler,
  GetPostBoostHandler,
];
