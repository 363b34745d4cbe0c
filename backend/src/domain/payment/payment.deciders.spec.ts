import { fold } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import {
  type CheckoutCommand,
  type CheckoutEvent,
  checkoutDecider,
  type CheckoutOffer,
} from './checkout.decider';
import {
  DISPUTE_ALREADY_RESOLVED,
  DISPUTE_NOT_FOUND,
  type PaymentAccountEvent,
  paymentAccountDecider,
  PURCHASES_SUSPENDED,
} from './payment-account.decider';
import { type PaymentEvent, paymentDecider } from './payment.decider';
import { type StripeEventEvent, stripeEventDecider } from './stripe-event.decider';

const offer = (kind: 'boost' | 'donation'): CheckoutOffer => ({
  sessionId: 'cs_1',
  kind,
  amount: kind === 'boost' ? 199 : 500,
  currency: 'usd',
  userId: kind === 'boost' ? 'u-1' : null,
  boostType: kind === 'boost' ? 'regular' : null,
  boostId: kind === 'boost' ? 'b-1' : null,
  postId: null,
});
const payment = {
  amount: 500,
  currency: 'usd',
  stripeSessionId: 'cs_1',
  stripePaymentId: 'pi_1',
  receiptUrl: null,
};

describe('checkout decider', () => {
  const given = (...events: CheckoutEvent[]) => ({
    when: (command: CheckoutCommand) =>
      checkoutDecider.decide(command, fold(checkoutDecider, events)),
  });
  const complete = (kind: 'boost' | 'donation'): CheckoutCommand => ({
    type: 'CompleteCheckout',
    data: { offer: offer(kind), payment, receiptEmail: 'ann@example.com' },
  });

  it('fulfils a session once, whichever announcement comes first', () => {
    const created: CheckoutEvent = { type: 'CheckoutSessionCreated', data: offer('donation') };
    const first = given(created).when(complete('donation'));
    expect(first.map((e) => e.type)).toEqual(['CheckoutSessionCompleted', 'DonationReceived']);
    expect(given(created, ...first).when(complete('donation'))).toEqual([]);
  });

  it('keeps no receipt address for a visitor’s donation', () => {
    const [, donation] = given({
      type: 'CheckoutSessionCreated',
      data: offer('donation'),
    }).when(complete('donation'));
    expect(donation).toEqual({
      type: 'DonationReceived',
      data: { ...payment, userId: null, receiptEmail: null },
    });
  });

  it('completes a boost session without a donation, and records an offer it never saw', () => {
    expect(given().when(complete('boost'))).toEqual([
      { type: 'CheckoutSessionCreated', data: offer('boost') },
      {
        type: 'CheckoutSessionCompleted',
        data: { ...payment, kind: 'boost', userId: 'u-1', boostId: 'b-1' },
      },
    ]);
  });
});

describe('stripe event decider', () => {
  const data = { stripeEventId: 'evt_1', stripeEventType: 'charge.refunded', objectId: 'ch_1' };
  const given = (...events: StripeEventEvent[]) => fold(stripeEventDecider, events);

  it('takes an event id once and marks it processed once', () => {
    const received = stripeEventDecider.decide({ type: 'ReceiveStripeEvent', data }, given());
    expect(received).toEqual([{ type: 'StripeEventReceived', data }]);
    expect(
      stripeEventDecider.decide({ type: 'ReceiveStripeEvent', data }, given(...received)),
    ).toEqual([]);
    const done = { stripeEventId: 'evt_1', outcome: 'applied' as const };
    const processed = stripeEventDecider.decide(
      { type: 'MarkStripeEventProcessed', data: done },
      given(...received),
    );
    expect(processed).toEqual([{ type: 'StripeEventProcessed', data: done }]);
    expect(
      stripeEventDecider.decide(
        { type: 'MarkStripeEventProcessed', data: done },
        given(...received, ...processed),
      ),
    ).toEqual([]);
  });
});

describe('payment decider', () => {
  const given = (...events: PaymentEvent[]) => fold(paymentDecider, events);
  const refund = {
    stripePaymentId: 'pi_1',
    stripeChargeId: 'ch_1',
    amountRefunded: 500,
    currency: 'usd',
    receiptUrl: null,
  };

  it('records a refund that arrives before the payment it refunds, and the payment after it', () => {
    const refunded = paymentDecider.decide({ type: 'RecordRefund', data: refund }, given());
    expect(refunded).toEqual([{ type: 'PaymentRefunded', data: { ...refund, amount: 500 } }]);
    const paid = { ...payment, kind: 'boost' as const, userId: 'u-1', boostId: 'b-1' };
    const received = paymentDecider.decide(
      { type: 'RecordPayment', data: paid },
      given(...refunded),
    );
    expect(received).toEqual([{ type: 'PaymentReceived', data: paid }]);
    const state = given(...refunded, ...received);
    expect(state.refunded).toEqual({ ...refund, amount: 500 });
    expect(state.paidFor?.boostId).toBe('b-1');
    expect(paymentDecider.decide({ type: 'RecordRefund', data: refund }, state)).toEqual([]);
  });

  it('records a further partial refund with the cents it adds, and never a total it already has', () => {
    const first = paymentDecider.decide(
      { type: 'RecordRefund', data: { ...refund, amountRefunded: 200 } },
      given(),
    );
    expect(first).toEqual([
      { type: 'PaymentRefunded', data: { ...refund, amountRefunded: 200, amount: 200 } },
    ]);
    const second = paymentDecider.decide({ type: 'RecordRefund', data: refund }, given(...first));
    expect(second).toEqual([{ type: 'PaymentRefunded', data: { ...refund, amount: 300 } }]);
    expect(
      paymentDecider.decide(
        { type: 'RecordRefund', data: { ...refund, amountRefunded: 200 } },
        given(...first, ...second),
      ),
    ).toEqual([]);
  });

  it('records each dispute once', () => {
    const dispute = {
      stripePaymentId: 'pi_1',
      stripeDisputeId: 'dp_1',
      amount: 500,
      currency: 'usd',
      reason: 'fraudulent',
    };
    const disputed = paymentDecider.decide({ type: 'RecordDispute', data: dispute }, given());
    expect(disputed).toEqual([{ type: 'PaymentDisputed', data: dispute }]);
    expect(
      paymentDecider.decide({ type: 'RecordDispute', data: dispute }, given(...disputed)),
    ).toEqual([]);
  });
});

describe('payment account decider', () => {
  const given = (...events: PaymentAccountEvent[]) => fold(paymentAccountDecider, events);
  const suspended: PaymentAccountEvent = {
    type: 'BoostPurchasesSuspended',
    data: { userId: 'u-1', stripeDisputeId: 'dp_1', stripePaymentId: 'pi_1' },
  };

  it('suspends boost purchases while a dispute is open, until an admin decides', () => {
    const check = { type: 'CheckBoostPurchaseAllowed' as const };
    expect(paymentAccountDecider.decide(check, given())).toEqual([]);
    expect(() => paymentAccountDecider.decide(check, given(suspended))).toThrow(
      new ForbiddenError(PURCHASES_SUSPENDED),
    );
    const reinstated = paymentAccountDecider.decide(
      {
        type: 'ReinstateBoostPurchases',
        data: { userId: 'u-1', stripeDisputeId: 'dp_1', adminId: 'a-1' },
      },
      given(suspended),
    );
    expect(reinstated.map((e) => e.type)).toEqual(['BoostPurchasesReinstated']);
    expect(paymentAccountDecider.decide(check, given(suspended, ...reinstated))).toEqual([]);
    expect(
      paymentAccountDecider.decide(
        { type: 'SuspendBoostPurchases', data: suspended.data },
        given(suspended, ...reinstated),
      ),
    ).toEqual([]);
  });

  const resolve = (liftSuspension: boolean, reason: string | null = 'Checked with the bank') => ({
    type: 'ResolveDispute' as const,
    data: { userId: 'u-1', stripeDisputeId: 'dp_1', adminId: 'a-1', liftSuspension, reason },
  });

  it('given a suspension, when an admin keeps it, then it stays and is kept once; a lift may follow', () => {
    const kept = paymentAccountDecider.decide(resolve(false), given(suspended));
    expect(kept).toEqual([
      {
        type: 'BoostPurchasesSuspensionKept',
        data: {
          userId: 'u-1',
          stripeDisputeId: 'dp_1',
          adminId: 'a-1',
          reason: 'Checked with the bank',
        },
      },
    ]);
    const check = { type: 'CheckBoostPurchaseAllowed' as const };
    expect(() => paymentAccountDecider.decide(check, given(suspended, ...kept))).toThrow(
      new ForbiddenError(PURCHASES_SUSPENDED),
    );
    expect(() => paymentAccountDecider.decide(resolve(false), given(suspended, ...kept))).toThrow(
      new ConflictError(DISPUTE_ALREADY_RESOLVED),
    );
    const lifted = paymentAccountDecider.decide(resolve(true, null), given(suspended, ...kept));
    expect(lifted.map((e) => e.type)).toEqual(['BoostPurchasesReinstated']);
    expect(paymentAccountDecider.decide(check, given(suspended, ...kept, ...lifted))).toEqual([]);
  });

  it('given a lifted suspension, a second decision is refused; an unknown dispute is not found', () => {
    const lifted = paymentAccountDecider.decide(resolve(true), given(suspended));
    expect(lifted[0].data).toMatchObject({ adminId: 'a-1', reason: 'Checked with the bank' });
    for (const lift of [true, false]) {
      expect(() =>
        paymentAccountDecider.decide(resolve(lift), given(suspended, ...lifted)),
      ).toThrow(new ConflictError(DISPUTE_ALREADY_RESOLVED));
    }
    expect(() => paymentAccountDecider.decide(resolve(true), given())).toThrow(
      new NotFoundError(DISPUTE_NOT_FOUND),
    );
  });
});
