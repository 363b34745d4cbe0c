import { ConflictError, ForbiddenError } from '../shared/errors';
import { deciderSpecification, metadataAt as at } from '../shared/testing/decider-specification';
import {
  type BoostCommand,
  type BoostEvent,
  boostDecider as decider,
  type BoostPurchased,
  NO_UNUSED_BOOSTS,
} from './boost.decider';

const payment = {
  amount: 999,
  currency: 'usd',
  stripeSessionId: 'cs_1',
  stripePaymentId: 'pi_1',
  receiptUrl: 'https://pay.stripe.com/receipts/1',
};
const purchased = (postId: string | null = null): BoostPurchased => ({
  type: 'BoostPurchased',
  data: {
    ...payment,
    boostId: 'b-1',
    boostType: 'mega',
    userId: 'u-1',
    postId,
    receiptEmail: 'ann@example.com',
  },
});
const applied: BoostEvent = {
  type: 'BoostApplied',
  data: {
    boostId: 'b-1',
    boostType: 'mega',
    userId: 'u-1',
    postId: 'p-1',
    appliedAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-11-27T10:00:00.000Z',
  },
};

const spec = deciderSpecification(decider);
const expiredAt = (expiresAt = '2026-11-27T10:00:00.000Z'): BoostEvent => ({
  type: 'BoostExpired',
  data: { boostId: 'b-1', userId: 'u-1', postId: 'p-1', expiresAt },
});

describe('boost decider', () => {
  it('records a purchase once, however often the payment is announced', () => {
    const command: BoostCommand = {
      type: 'PurchaseBoost',
      data: purchased().data,
      metadata: at('2026-11-20T09:00:00Z'),
    };
    spec.given().when(command).then([purchased()]);
    spec.given(purchased()).when(command).thenNothing();
  });

  it('applies a post checkout to its post on payment, running 7 days for a mega boost', () => {
    spec
      .given()
      .when({
        type: 'PurchaseBoost',
        data: purchased('p-1').data,
        metadata: at('2026-11-20T10:00:00Z'),
      })
      .then([purchased('p-1'), applied]);
  });

  it('applies an unclaimed boost from the moment of application', () => {
    spec
      .given(purchased())
      .when({
        type: 'ApplyBoost',
        data: { postId: 'p-1', userId: 'u-1' },
        metadata: at('2026-11-20T10:00:00Z'),
      })
      .then([applied]);
  });

  it('refuses to apply a boost twice, or someone else’s', () => {
    const apply = (userId: string): BoostCommand => ({
      type: 'ApplyBoost',
      data: { postId: 'p-2', userId },
      metadata: at('2026-11-21T10:00:00Z'),
    });
    spec.given(purchased(), applied).when(apply('u-1')).thenThrows(ConflictError, NO_UNUSED_BOOSTS);
    spec.given(purchased()).when(apply('u-2')).thenThrows(ForbiddenError);
    spec.given().when(apply('u-1')).thenThrows(ConflictError);
  });

  it('expires an applied boost only once its expiry has passed', () => {
    const expire = (iso: string): BoostCommand => ({ type: 'ExpireBoost', metadata: at(iso) });
    spec.given(purchased(), applied).when(expire('2026-11-27T09:59:59Z')).thenNothing();
    spec.given(purchased(), applied).when(expire('2026-11-27T10:00:00Z')).then([expiredAt()]);
    const expired = spec.given(purchased(), applied).when(expire('2026-11-28T00:00:00Z')).events();
    spec.given(purchased(), applied, expired).when(expire('2026-11-29T00:00:00Z')).thenNothing();
    spec.given(purchased()).when(expire('2030-01-01T00:00:00Z')).thenNothing();
  });

  it('ends a running boost when its post goes, once, and only on that post', () => {
    const end = (iso: string, postId = 'p-1'): BoostCommand => ({
      type: 'EndBoost',
      data: { postId, cause: 'post_deleted' },
      metadata: at(iso),
    });
    const ended = spec.given(purchased(), applied).when(end('2026-11-22T08:30:00Z')).events();
    expect(ended).toEqual([
      {
        type: 'BoostExpired',
        data: {
          boostId: 'b-1',
          userId: 'u-1',
          postId: 'p-1',
          expiresAt: '2026-11-22T08:30:00.000Z',
          cause: 'post_deleted',
        },
      },
    ]);
    spec.given(purchased(), applied, ended).when(end('2026-11-22T09:00:00Z')).thenNothing();
    spec.given(purchased(), applied).when(end('2026-11-22T08:30:00Z', 'p-2')).thenNothing();
    // Unused, or run out already: nothing to end (an unused boost stays the account's).
    spec.given(purchased()).when(end('2026-11-22T08:30:00Z')).thenNothing();
    spec.given(purchased(), applied).when(end('2026-11-27T10:00:00Z')).thenNothing();
  });

  it('withdraws an unclaimed boost on refund, so it can no longer be applied', () => {
    const refund: BoostCommand = { type: 'RefundBoost', data: payment };
    const refunded = spec.given(purchased()).when(refund).events();
    expect(refunded).toEqual([
      {
        type: 'BoostRefunded',
        data: { ...payment, boostId: 'b-1', userId: 'u-1', postId: null, withdrawn: true },
      },
    ]);
    spec
      .given(purchased(), refunded)
      .when({
        type: 'ApplyBoost',
        data: { postId: 'p-1', userId: 'u-1' },
        metadata: at('2026-11-20T10:00:00Z'),
      })
      .thenThrows(ConflictError, NO_UNUSED_BOOSTS);
    spec.given(purchased(), refunded).when(refund).thenNothing();
  });

  it('lets an active boost run out when refunded, recording the refund once', () => {
    const refund: BoostCommand = { type: 'RefundBoost', data: payment };
    const refunded = spec.given(purchased(), applied).when(refund).events();
    expect(refunded).toEqual([
      {
        type: 'BoostRefunded',
        data: { ...payment, boostId: 'b-1', userId: 'u-1', postId: 'p-1', withdrawn: false },
      },
    ]);
    spec.given(purchased(), applied, refunded).when(refund).thenNothing();
    spec
      .given(purchased(), applied, refunded)
      .when({ type: 'ExpireBoost', metadata: at('2026-11-27T10:00:00Z') })
      .then([expiredAt()]);
  });
});
