import type { Actor, RecordedEvent } from '../../domain/shared/event';
import { recordedBy } from './projection-specification';

export const ADMIN: Actor = { type: 'admin', id: 'a-1' };
export const stripe = (id: string): Actor => ({ type: 'stripe', id });

export const day1 = '2026-03-02T10:00:00.000Z';
export const day2 = '2026-03-04T10:00:00.000Z';
const facts = {
  currency: 'usd',
  stripeSessionId: 'cs_1',
  stripePaymentId: 'pi_1',
  receiptUrl: 'https://pay.stripe.com/receipts/1',
};
/**
 * A mega boost bought for a post, a donation, then two partial refunds of the boost's payment
 * and a dispute on the donation: every event the payments contract appends for them, as the
 * audit log and the statistics read them.
 */
export const paymentHistory: RecordedEvent[] = [
  recordedBy(
    'StripeEventReceived',
    { stripeEventId: 'evt_1', stripeEventType: 'checkout.session.completed', objectId: 'cs_1' },
    stripe('evt_1'),
    day1,
  ),
  recordedBy(
    'CheckoutSessionCompleted',
    { ...facts, amount: 999, kind: 'boost', userId: 'u-1', boostId: 'b-1' },
    stripe('evt_1'),
    day1,
  ),
  recordedBy(
    'BoostPurchased',
    {
      ...facts,
      amount: 999,
      boostId: 'b-1',
      boostType: 'mega',
      userId: 'u-1',
      postId: 'p-1',
      receiptEmail: 'sealed:abc',
    },
    stripe('evt_1'),
    day1,
  ),
  recordedBy(
    'BoostApplied',
    {
      boostId: 'b-1',
      boostType: 'mega',
      userId: 'u-1',
      postId: 'p-1',
      appliedAt: day1,
      expiresAt: day2,
    },
    stripe('evt_1'),
    day1,
  ),
  recordedBy('PostBoostClaimed', { postId: 'p-1', boostId: 'b-1' }, stripe('evt_1'), day1),
  recordedBy(
    'PaymentReceived',
    { ...facts, amount: 999, kind: 'boost', userId: 'u-1', boostId: 'b-1' },
    stripe('evt_1'),
    day1,
  ),
  recordedBy(
    'StripeEventProcessed',
    { stripeEventId: 'evt_1', outcome: 'applied' },
    stripe('evt_1'),
    day1,
  ),
  recordedBy(
    'CheckoutSessionCompleted',
    {
      ...facts,
      stripeSessionId: 'cs_2',
      stripePaymentId: 'pi_2',
      amount: 2500,
      kind: 'donation',
      userId: null,
      boostId: null,
    },
    stripe('evt_2'),
    day1,
  ),
  recordedBy(
    'DonationReceived',
    {
      ...facts,
      stripeSessionId: 'cs_2',
      stripePaymentId: 'pi_2',
      amount: 2500,
      userId: null,
      receiptEmail: null,
    },
    stripe('evt_2'),
    day1,
  ),
  recordedBy(
    'PaymentReceived',
    {
      ...facts,
      stripeSessionId: 'cs_2',
      stripePaymentId: 'pi_2',
      amount: 2500,
      kind: 'donation',
      userId: null,
      boostId: null,
    },
    stripe('evt_2'),
    day1,
  ),
  recordedBy(
    'PaymentRefunded',
    {
      stripePaymentId: 'pi_1',
      stripeChargeId: 'ch_1',
      amountRefunded: 300,
      amount: 300,
      currency: 'usd',
      receiptUrl: null,
    },
    stripe('evt_3'),
    day1,
  ),
  recordedBy(
    'BoostRefunded',
    { ...facts, amount: 300, boostId: 'b-1', userId: 'u-1', postId: 'p-1', withdrawn: false },
    stripe('evt_3'),
    day1,
  ),
  recordedBy(
    'PaymentRefunded',
    {
      stripePaymentId: 'pi_1',
      stripeChargeId: 'ch_1',
      amountRefunded: 999,
      amount: 699,
      currency: 'usd',
      receiptUrl: null,
    },
    stripe('evt_4'),
    day2,
  ),
  recordedBy(
    'PaymentDisputed',
    {
      stripePaymentId: 'pi_2',
      stripeDisputeId: 'dp_1',
      amount: 2500,
      currency: 'usd',
      reason: 'fraudulent',
    },
    stripe('evt_5'),
    day2,
  ),
  recordedBy(
    'BoostPurchasesSuspended',
    { userId: 'u-1', stripeDisputeId: 'dp_1', stripePaymentId: 'pi_2' },
    stripe('evt_5'),
    day2,
  ),
  recordedBy(
    'BoostPurchasesSuspensionKept',
    { userId: 'u-1', stripeDisputeId: 'dp_1', adminId: 'a-1', reason: 'Bank confirms fraud' },
    ADMIN,
    day2,
  ),
  recordedBy(
    'BoostPurchasesReinstated',
    { userId: 'u-1', stripeDisputeId: 'dp_1', adminId: 'a-1', reason: 'Dispute won' },
    ADMIN,
    day2,
  ),
  recordedBy(
    'BoostExpired',
    { boostId: 'b-1', userId: 'u-1', postId: 'p-1', expiresAt: day2 },
    { type: 'system', id: 'boost-expiry' },
    day2,
  ),
];
