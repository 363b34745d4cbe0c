import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BOOSTS, type BoostDocument } from '../../../projections/boosts/boosts.projection';
import {
  PAYMENTS,
  PAYMENTS_SORT,
  type PaymentFactDocument,
} from '../../../projections/payments/payments.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import {
  ListOwnPurchasesQuery,
  type OwnPurchase,
  type OwnPurchasesPage,
  type PurchaseState,
} from './list-own-purchases.query';

const ENDED_EARLY = { post_removed: 'removed', post_deleted: 'deleted' } as const;

function boostState(boost: BoostDocument | undefined, refunded: number, now: Date): PurchaseState {
  if (refunded > 0 || boost?.refunded || boost?.status === 'withdrawn') return 'refunded';
  if (!boost || boost.status === 'unclaimed') return 'unused';
  if (boost.status === 'active' && boost.expiresAt && new Date(boost.expiresAt) > now) {
    return 'active';
  }
  return 'expired';
}

@QueryHandler(ListOwnPurchasesQuery)
export class ListOwnPurchasesHandler implements IQueryHandler<
  ListOwnPurchasesQuery,
  OwnPurchasesPage
> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, page, pageSize }: ListOwnPurchasesQuery): Promise<OwnPurchasesPage> {
    // Walks the payments' { userId, at, seq } index: one member's facts, newest first.
    const filter = { userId, kind: { $in: ['purchase', 'donation'] } };
    const [facts, total] = await Promise.all([
      this.readStore.find<PaymentFactDocument>(PAYMENTS, filter, {
        sort: PAYMENTS_SORT,
        skip: (page - 1) * pageSize,
        limit: pageSize,
      }),
      this.readStore.count(PAYMENTS, filter, { sort: PAYMENTS_SORT }),
    ]);
    const boostIds = facts.flatMap((fact) => (fact.boostId ? [fact.boostId] : []));
    const paymentIds = facts.flatMap((fact) =>
      fact.stripePaymentId ? [fact.stripePaymentId] : [],
    );
    const [boosts, refunds] = await Promise.all([
      boostIds.length
        ? this.readStore.find<BoostDocument>(BOOSTS, { _id: { $in: boostIds } })
        : Promise.resolve([]),
      paymentIds.length
        ? this.readStore.find<PaymentFactDocument>(PAYMENTS, {
            kind: 'refund',
            stripePaymentId: { $in: paymentIds },
          })
        : Promise.resolve([]),
    ]);
    const boostById = new Map(boosts.map((boost) => [boost._id, boost]));
    // A refund fact carries the payment's refunded total after it: the largest is the latest.
    const refundedOf = new Map<string, number>();
    for (const refund of refunds) {
      const total = refund.refundedTotal ?? refund.amount;
      const id = refund.stripePaymentId!;
      refundedOf.set(id, Math.max(refundedOf.get(id) ?? 0, total));
    }
    const now = this.clock.now();
    const items = facts.map((fact): OwnPurchase => {
      const refunded = (fact.stripePaymentId && refundedOf.get(fact.stripePaymentId)) || 0;
      const boost = fact.boostId ? boostById.get(fact.boostId) : undefined;
      const isBoost = fact.kind === 'purchase';
      return {
        id: fact._id,
        kind: isBoost ? 'boost' : 'donation',
        boostType: isBoost ? (boost?.boostType ?? (fact.boostType as 'regular' | 'mega')) : null,
        amount: fact.amount,
        currency: fact.currency,
        at: fact.at,
        state: isBoost ? boostState(boost, refunded, now) : refunded > 0 ? 'refunded' : 'received',
        postId: boost?.postId ?? null,
        expiresAt: boost?.expiresAt ?? null,
        endedEarly: boost?.endedBy ? ENDED_EARLY[boost.endedBy] : null,
        refunded,
        receiptUrl: fact.receiptUrl ?? boost?.receiptUrl ?? null,
      };
    });
    return { items, total, page, pageSize };
  }
}
