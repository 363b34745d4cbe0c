import type { Actor, RecordedEvent } from '../../domain/shared/event';
import { projectionSpecification, recordedBy } from '../testing/projection-specification';
import { paymentsProjection } from './payments.projection';

const stripe = (id: string): Actor => ({ type: 'stripe', id });
const ADMIN: Actor = { type: 'admin', id: 'a-1' };
const spec = projectionSpecification(paymentsProjection);
/** The payment facts listed after the events, in the order they were first listed. */
const replay = (events: RecordedEvent[]) => [
  ...spec
    .given(...events)
    .documents()
    .values(),
];

const facts = {
  currency: 'usd',
  stripeSessionId: 'cs_1',
  stripePaymentId: 'pi_1',
  receiptUrl: null,
};

describe('payments projection', () => {
  it('lists each purchase, donation, refund and dispute once, not the payment beside them', () => {
    const docs = replay([
      recordedBy(
        'BoostPurchased',
        {
          ...facts,
          amount: 199,
          boostId: 'b-1',
          boostType: 'regular',
          userId: 'u-1',
          postId: null,
          receiptEmail: null,
        },
        stripe('evt_1'),
      ),
      recordedBy(
        'PaymentReceived',
        { ...facts, amount: 199, kind: 'boost', userId: 'u-1', boostId: 'b-1' },
        stripe('evt_1'),
      ),
      recordedBy(
        'DonationReceived',
        { ...facts, stripePaymentId: 'pi_2', amount: 500, userId: null, receiptEmail: null },
        stripe('evt_2'),
      ),
      recordedBy(
        'PaymentRefunded',
        {
          stripePaymentId: 'pi_1',
          stripeChargeId: 'ch_1',
          amountRefunded: 100,
          amount: 100,
          currency: 'usd',
          receiptUrl: null,
        },
        stripe('evt_3'),
      ),
      recordedBy(
        'BoostRefunded',
        { ...facts, amount: 100, boostId: 'b-1', userId: 'u-1', postId: null, withdrawn: true },
        stripe('evt_3'),
      ),
      recordedBy(
        'PaymentRefunded',
        {
          stripePaymentId: 'pi_1',
          stripeChargeId: 'ch_1',
          amountRefunded: 199,
          amount: 99,
          currency: 'usd',
          receiptUrl: null,
        },
        stripe('evt_4'),
      ),
    ]);
    expect(
      docs.map((d) => [
        d.kind,
        d.amount,
        d.userId,
        d.stripePaymentId,
        d.stripeEventId,
        d.refundedTotal,
      ]),
    ).toEqual([
      ['purchase', 199, 'u-1', 'pi_1', 'evt_1', null],
      ['donation', 500, null, 'pi_2', 'evt_2', null],
      ['refund', 100, null, 'pi_1', 'evt_3', 100],
      ['refund', 99, null, 'pi_1', 'evt_4', 199],
    ]);
  });

  it('follows a dispute: open, the buyer suspended, kept, then lifted by an admin', () => {
    const disputed = recordedBy(
      'PaymentDisputed',
      {
        stripePaymentId: 'pi_1',
        stripeDisputeId: 'dp_1',
        amount: 199,
        currency: 'usd',
        reason: 'fraudulent',
      },
      stripe('evt_5'),
    );
    const suspended = recordedBy(
      'BoostPurchasesSuspended',
      { userId: 'u-1', stripeDisputeId: 'dp_1', stripePaymentId: 'pi_1' },
      stripe('evt_5'),
    );
    const kept = recordedBy(
      'BoostPurchasesSuspensionKept',
      { userId: 'u-1', stripeDisputeId: 'dp_1', adminId: 'a-1', reason: 'Bank says fraud' },
      ADMIN,
      '2026-03-03T09:00:00.000Z',
    );
    const lifted = recordedBy(
      'BoostPurchasesReinstated',
      { userId: 'u-1', stripeDisputeId: 'dp_1', adminId: 'a-1', reason: 'Dispute won' },
      ADMIN,
      '2026-03-04T09:00:00.000Z',
    );
    spec.given(disputed).of('dispute-dp_1').thenMatches({
      _id: 'dispute-dp_1',
      kind: 'dispute',
      amount: 199,
      reason: 'fraudulent',
      disputeStatus: 'open',
      userId: null,
    });
    spec.given(disputed, suspended).of('dispute-dp_1').thenMatches({
      disputeStatus: 'suspended',
      userId: 'u-1',
    });
    spec.given(disputed, suspended, kept).of('dispute-dp_1').thenMatches({
      disputeStatus: 'kept',
      resolvedBy: 'a-1',
      resolutionReason: 'Bank says fraud',
    });
    const done = replay([disputed, suspended, kept, lifted]);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({
      disputeStatus: 'lifted',
      resolvedAt: '2026-03-04T09:00:00.000Z',
      resolutionReason: 'Dispute won',
      at: '2026-03-02T09:00:00.000Z',
    });
  });
});
