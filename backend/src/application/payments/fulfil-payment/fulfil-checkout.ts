import type { Logger } from '@nestjs/common';
import {
  boostDecider,
  boostExpiry,
  boostStreamId,
  type PaymentFacts,
} from '../../../domain/boost/boost.decider';
import { postBoostDecider, postBoostStreamId } from '../../../domain/boost/post-boost.decider';
import {
  type CheckoutOffer,
  checkoutDecider,
  checkoutStreamId,
  type PaymentConfirmation,
} from '../../../domain/payment/checkout.decider';
import {
  paymentAccountDecider,
  paymentAccountStreamId,
} from '../../../domain/payment/payment-account.decider';
import { paymentDecider, paymentStreamId } from '../../../domain/payment/payment.decider';
import type { PaymentNotice } from '../../../domain/payment/stripe-event.decider';
import { ConflictError, NotFoundError } from '../../../domain/shared/errors';
import type { CommandMetadata } from '../../../domain/shared/event';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import { GonePost } from '../../community/gone-post';
import type { ReadStore } from '../../ports/read-store.port';
import type { StreamWrites } from '../../shared/stream-writes';

/**
 * Marks the Stripe event being acted on processed: `withEffects` when asked for together with
 * the effects, in their commit, rather than after them.
 */
export type MarkProcessed = (withEffects: boolean) => Promise<unknown>;

/** A Stripe event's notice other than a checkout's completion (which needs the session). */
export type PaymentClaimNotice = Exclude<PaymentNotice, { kind: 'checkout-completed' }>;

/**
 * The fulfilment's steps, each deciding on its own stream, so a step run twice (a redelivery,
 * the return page, a restart half-way) decides nothing the second time: the session is completed
 * once on its stream, the boost bought once on its own, and the payment's stream joins refunds
 * and disputes to what the payment bought, in whatever order they arrive. They decide from the
 * log alone: what the provider said about a session is recorded before (see `StripeLookups`).
 */
export class FulfilmentSteps {
  private readonly gone: GonePost;

  constructor(
    private readonly writes: StreamWrites,
    private readonly readStore: ReadStore,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    this.gone = new GonePost(writes, readStore);
  }

  /** Does what a refund or dispute asks, then marks it processed (`markProcessed`, once). */
  async apply(
    notice: PaymentClaimNotice,
    metadata: CommandMetadata,
    markProcessed: MarkProcessed,
  ): Promise<void> {
    switch (notice.kind) {
      case 'refund': {
        const { kind: _, ...data } = notice;
        await this.record(data.stripePaymentId, { type: 'RecordRefund', data }, metadata);
        await markProcessed(false);
        return;
      }
      case 'dispute': {
        const { kind: _, ...data } = notice;
        await this.record(data.stripePaymentId, { type: 'RecordDispute', data }, metadata);
        await markProcessed(false);
        return;
      }
    }
  }

  /**
   * Whether a paid checkout's effects are all in the log (the session completed, its boost
   * bought, its payment recorded), from the log alone: no question to the provider.
   */
  async fulfilledInLog(sessionId: string): Promise<boolean> {
    const { state } = await this.writes.load(checkoutDecider, checkoutStreamId(sessionId));
    if (state.status !== 'completed') return false;
    const { offer, payment } = state;
    if (offer.kind === 'boost' && offer.boostId && offer.userId && offer.boostType) {
      const boost = await this.writes.load(boostDecider, boostStreamId(offer.boostId));
      if (boost.state.status === 'none') return false;
    }
    if (!payment.stripePaymentId) return true;
    const paid = await this.writes.load(paymentDecider, paymentStreamId(payment.stripePaymentId));
    return paid.state.paidFor !== null;
  }

  /**
   * Records what a paid session bought, from what the provider said about it (recorded on the
   * session's stream). Safe to call any number of times. `markProcessed`, when given, is called
   * once, in the effects' commit when it can be.
   */
  async fulfil(
    confirmation: PaymentConfirmation,
    metadata: CommandMetadata,
    markProcessed?: MarkProcessed,
  ): Promise<void> {
    const { offer, receiptEmail } = confirmation;
    const payment: PaymentFacts = confirmation.payment;
    const sessionId = offer.sessionId;
    const { boostId, userId, boostType } = offer;
    const boughtBoost = offer.kind === 'boost' && boostId && userId && boostType;
    // Taken before the boost is bought, which names the post it applies to.
    const postId = boughtBoost ? await this.postToApplyTo(offer, metadata) : null;
    // A refund or dispute that came before this completion takes effect once all of it is in,
    // and the event is marked processed after that. Only this reactor writes on the payment's
    // stream, so what it holds now is what it holds after the completion's own facts.
    const claimsFirst = payment.stripePaymentId
      ? await this.claimsBefore(payment.stripePaymentId)
      : false;
    // Each of these decides on its own stream alone, so they are asked for together: their
    // appends join one group commit (one fsync) instead of one each. Any of them a crash leaves
    // out is decided when the reactor hands the event over again, which finds it missing from
    // the log even with the event marked processed (`withEffects`).
    await together([
      this.writes.decide(
        checkoutStreamId(sessionId),
        checkoutDecider,
        { type: 'CompleteCheckout', data: { offer, payment, receiptEmail } },
        metadata,
      ),
      boughtBoost
        ? this.writes.decide(
            boostStreamId(boostId),
            boostDecider,
            {
              type: 'PurchaseBoost',
              data: { ...payment, boostId, boostType, userId, postId, receiptEmail },
            },
            metadata,
          )
        : null,
      payment.stripePaymentId
        ? this.writes.decide(
            paymentStreamId(payment.stripePaymentId),
            paymentDecider,
            {
              type: 'RecordPayment',
              data: { ...payment, kind: offer.kind, userId: offer.userId, boostId: offer.boostId },
            },
            metadata,
          )
        : null,
      markProcessed && !claimsFirst ? markProcessed(true) : null,
    ]);
    // The post removed or deleted as the payment came in: the boost ends with it.
    if (postId && boughtBoost) await this.gone.endBoostIfGone(postId, boostId, metadata);
    if (!claimsFirst || !payment.stripePaymentId) return;
    await this.settleWithPayment(payment.stripePaymentId, metadata);
    await markProcessed?.(false);
  }

  /** Whether a refund or dispute of the payment was recorded before its completion. */
  private async claimsBefore(stripePaymentId: string): Promise<boolean> {
    const { state } = await this.writes.load(paymentDecider, paymentStreamId(stripePaymentId));
    return state.refunded !== null || state.disputes.length > 0;
  }

  /** Records a fact on the payment's stream, then settles what it and the others call for. */
  private async record(
    stripePaymentId: string,
    command: Parameters<typeof paymentDecider.decide>[0],
    metadata: CommandMetadata,
  ): Promise<void> {
    await this.writes.decide(paymentStreamId(stripePaymentId), paymentDecider, command, metadata);
    await this.settleWithPayment(stripePaymentId, metadata);
  }

  /** A refund or dispute recorded before the payment's completion takes effect now. */
  private async settleWithPayment(
    stripePaymentId: string,
    metadata: CommandMetadata,
  ): Promise<void> {
    const { state } = await this.writes.load(paymentDecider, paymentStreamId(stripePaymentId));
    const paidFor = state.paidFor;
    if (!paidFor) return;
    if (state.refunded && paidFor.boostId) {
      await this.writes.decide(
        boostStreamId(paidFor.boostId),
        boostDecider,
        {
          type: 'RefundBoost',
          data: {
            amount: state.refunded.amountRefunded,
            currency: state.refunded.currency,
            stripeSessionId: paidFor.stripeSessionId,
            stripePaymentId,
            receiptUrl: state.refunded.receiptUrl,
          },
        },
        metadata,
      );
    }
    if (paidFor.userId) {
      for (const stripeDisputeId of state.disputes) {
        await this.writes.decide(
          paymentAccountStreamId(paidFor.userId),
          paymentAccountDecider,
          {
            type: 'SuspendBoostPurchases',
            data: { userId: paidFor.userId, stripeDisputeId, stripePaymentId },
          },
          metadata,
        );
      }
    }
  }

  /**
   * A post checkout's post, taken for its boost (see the post boost decider), or null: the post
   * is gone (deleted or removed), off the leaderboard (hidden or held) or another boost runs on
   * it, and the boost stays on the account to apply later.
   * A boost already bought (a second announcement) takes nothing.
   */
  private async postToApplyTo(
    offer: CheckoutOffer,
    metadata: CommandMetadata,
  ): Promise<string | null> {
    const { postId, boostId, boostType } = offer;
    if (!postId || !boostId || !boostType) return null;
    const bought = await this.writes.load(boostDecider, boostStreamId(boostId));
    if (bought.state.status !== 'none') return null;
    const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: postId });
    if (!post || post.removed || !post.listed) {
      this.logger.warn(`Post ${postId} is gone or hidden: its boost stays on the account`);
      return null;
    }
    try {
      await this.writes.decide(
        postBoostStreamId(postId),
        postBoostDecider,
        {
          type: 'ClaimPostBoost',
          data: {
            postId,
            boostId,
            expiresAt: boostExpiry(boostType, metadata.now).toISOString(),
          },
        },
        metadata,
      );
      return postId;
    } catch (error) {
      // Another boost runs on the post, or the post went (its boost stream is closed).
      if (error instanceof ConflictError || error instanceof NotFoundError) return null;
      throw error;
    }
  }
}

/** Waits for every one of some writes, then fails with the first failure, if any. */
async function together(writes: readonly (Promise<unknown> | null)[]): Promise<void> {
  const outcomes = await Promise.allSettled(writes);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
