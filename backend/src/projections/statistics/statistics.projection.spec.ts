import type { Actor } from '../../domain/shared/event';
import { day1, paymentHistory, stripe } from '../testing/payment-history';
import { projectionSpecification, recordedBy } from '../testing/projection-specification';
import { statisticsProjection } from './statistics.projection';

const USER: Actor = { type: 'user', id: 'u-2' };
const SYSTEM: Actor = { type: 'system', id: 'system' };
const spec = projectionSpecification(statisticsProjection);

describe('statistics projection', () => {
  it('adds each day’s activity', () => {
    const day = '2026-03-02T10:00:00.000Z';
    const activity = spec.given(
      recordedBy('PostPublished', {}, USER, day),
      recordedBy('Liked', {}, USER, day),
      recordedBy('UserRegistered', {}, USER, '2026-03-03T00:00:00.000Z'),
    );
    activity.of('2026-03-02').thenMatches({ posts: 1, likes: 1, users: 0 });
    activity.of('2026-03-03').thenMatches({ users: 1 });
  });
});

describe('community ratings in the statistics', () => {
  it('counts a vote that counts on the day it is cast, and a held one on the day it is released', () => {
    const cast = '2026-03-02T10:00:00.000Z';
    const released = '2026-03-03T10:00:00.000Z';
    const days = spec.given(
      recordedBy('Rated', { postId: 'p-1', userId: 'u-2', score: 8 }, USER, cast),
      recordedBy(
        'Rated',
        { postId: 'p-1', userId: 'u-3', score: 6, heldOut: ['young-account'] },
        { type: 'user', id: 'u-3' },
        cast,
      ),
      recordedBy(
        'RatingCounted',
        { postId: 'p-1', userId: 'u-3', score: 6, reason: 'account-day-old' },
        SYSTEM,
        released,
      ),
    );
    days.of('2026-03-02').thenMatches({ ratings: 2, countedRatings: 1 });
    days.of('2026-03-03').thenMatches({ ratings: 0, countedRatings: 1 });
  });
});

describe('payment facts in the statistics', () => {
  it('counts each cent once per day: sales from purchases and donations, refunds from the payment', () => {
    const days = spec.given(...paymentHistory);
    days.of('2026-03-02').thenMatches({
      boostsSold: 1,
      boostRevenue: 999,
      donations: 1,
      donationRevenue: 2500,
      refunds: 1,
      refundedAmount: 300,
    });
    days.of('2026-03-04').thenMatches({
      boostsSold: 0,
      boostRevenue: 0,
      donations: 0,
      refunds: 1,
      refundedAmount: 699,
    });
  });

  it('reads an older refund without its added cents as its total', () => {
    spec
      .given(
        recordedBy(
          'PaymentRefunded',
          {
            stripePaymentId: 'pi_9',
            stripeChargeId: 'ch_9',
            amountRefunded: 199,
            currency: 'usd',
            receiptUrl: null,
          },
          stripe('evt_9'),
          day1,
        ),
      )
      .of('2026-03-02')
      .thenMatches({ refunds: 1, refundedAmount: 199 });
  });
});
