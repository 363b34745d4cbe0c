import { fold } from '../shared/decider';
import { ConflictError, ForbiddenError } from '../shared/errors';
import type { CommandMetadata } from '../shared/event';
import {
  type BoostCommand,
  type BoostEvent,
  boostDecider as decider,
  type BoostPurchased,
  NO_UNUSED_BOOSTS,
} from './boost.decider';

const at = (iso: string): CommandMetadata => ({
  actor: { type: 'stripe', id: 'evt_1' },
  now: new Date(iso),
  correlationId: 'evt_1',
  causationId: 'evt_1',
});
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

const given = (...events: BoostEvent[]) => ({
  when: (command: BoostCommand) => decider.decide(command, fold(decider, events)),
});

describe('boost decider', () => {
  it('records a purchase once, however often the payment is announced', () => {
    const command: BoostCommand = {
      type: 'PurchaseBoost',
      data: purchased().data,
      metadata: at('2026-11-20T09:00:00Z'),
    };
    expect(given().when(command)).toEqual([purchased()]);
    expect(given(purchased()).when(command)).toEqual([]);
  });

  it('applies a post checkout to its post on payment, running 7 days for a mega boost', () => {
    expect(
      given().when({
        type: 'PurchaseBoost',
        data: purchased('p-1').data,
        metadata: at('2026-11-20T10:00:00Z'),
      }),
    ).toEqual([purchased('p-1'), applied]);
  });

  it('applies an unclaimed boost from the moment of application', () => {
    expect(
      given(purchased()).when({
        type: 'ApplyBoost',
        data: { postId: 'p-1', userId: 'u-1' },
        metadata: at('2026-11-20T10:00:00Z'),
      }),
    ).toEqual([applied]);
  });

  it('refuses to apply a boost twice, or someone else’s', () => {
    const apply = (userId: string): BoostCommand => ({
      type: 'ApplyBoost',
      data: { postId: 'p-2', userId },
      metadata: at('2026-11-21T10:00:00Z'),
    });
    expect(() => given(purchased(), applied).when(apply('u-1'))).toThrow(
      new ConflictError(NO_UNUSED_BOOSTS),
    );
    expect(() => given(purchased()).when(apply('u-2'))).toThrow(ForbiddenError);
    expect(() => given().when(apply('u-1'))).toThrow(ConflictError);
  });

  it('expires an applied boost only once its expiry has passed', () => {
    const expire = (iso: string): BoostCommand => ({ type: 'ExpireBoost', metadata: at(iso) });
    expect(given(purchased(), applied).when(expire('2026-11-27T09:59:59Z'))).toEqual([]);
    expect(given(purchased(), applied).when(expire('2026-11-27T10:00:00Z'))).toEqual([
      {
        type: 'BoostExpired',
        data: {
          boostId: 'b-1',
          userId: 'u-1',
          postId: 'p-1',
          expiresAt: '2026-11-27T10:00:00.000Z',
        },
      },
    ]);
    const expired = given(purchased(), applied).when(expire('2026-11-28T00:00:00Z'));
    expect(given(purchased(), applied, ...expired).when(expire('2026-11-29T00:00:00Z'))).toEqual(
      [],
    );
    expect(given(purchased()).when(expire('2030-01-01T00:00:00Z'))).toEqual([]);
  });

  it('withdraws an unclaimed boost on refund, so it can no longer be applied', () => {
    const refund: BoostCommand = { type: 'RefundBoost', data: payment };
    const refunded = given(purchased()).when(refund);
    expect(refunded).toEqual([
      {
        type: 'BoostRefunded',
        data: { ...payment, boostId: 'b-1', userId: 'u-1', postId: null, withdrawn: true },
      },
    ]);
    expect(() =>
      given(purchased(), ...refunded).when({
        type: 'ApplyBoost',
        data: { postId: 'p-1', userId: 'u-1' },
        metadata: at('2026-11-20T10:00:00Z'),
      }),
    ).toThrow(new ConflictError(NO_UNUSED_BOOSTS));
    expect(given(purchased(), ...refunded).when(refund)).toEqual([]);
  });

  it('lets an active boost run out when refunded, recording the refund once', () => {
    const refund: BoostCommand = { type: 'RefundBoost', data: payment };
    const refunded = given(purchased(), applied).when(refund);
    expect(refunded).toEqual([
      {
        type: 'BoostRefunded',
        data: { ...payment, boostId: 'b-1', userId: 'u-1', postId: 'p-1', withdrawn: false },
      },
    ]);
    expect(given(purchased(), applied, ...refunded).when(refund)).toEqual([]);
    expect(
      given(purchased(), applied, ...refunded).when({
        type: 'ExpireBoost',
        metadata: at('2026-11-27T10:00:00Z'),
      }),
    ).toHaveLength(1);
  });
});
