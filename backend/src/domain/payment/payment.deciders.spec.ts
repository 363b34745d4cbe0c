import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import { deciderSpecification } from '../shared/testing/decider-specification';
import { type CheckoutCommand, checkoutDecider, type CheckoutOffer } from './checkout.decider';
import {
  DISPUTE_ALREADY_RESOLVED,
  DISPUTE_NOT_FOUND,
  paymentAccountDecider,
  PURCHASES_SUSPENDED,
} from './payment-account.decider';
import { paymentDecider } from './payment.decider';
import { stripeEventDecider } from './stripe-event.decider';

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
  const spec = deciderSpecification(checkoutDecider);
  const created = { type: 'CheckoutSessionCreated', data: offer('donation') } as const;
  const complete = (kind: 'boost' | 'donation'): CheckoutCommand => ({
    type: 'CompleteCheckout',
    data: { offer: offer(kind), payment, receiptEmail: 'ann@example.com' },
  });

  it('fulfils a session once, whichever announcement comes first', () => {
    const first = spec.given(created).when(complete('donation')).events();
    expect(first.map((e) => e.type)).toEqual(['CheckoutSessionCompleted', 'DonationReceived']);
    spec.given(created, first).when(complete('donation')).thenNothing();
  });

  it('keeps no receipt address for a visitor’s donation', () => {
    const [, donation] = spec.given(created).when(complete('donation')).events();
    expect(donation).toEqual({
      type: 'DonationReceived',
      data: { ...payment, userId: null, receiptEmail: null },
    });
  });

  it('completes a boost session without a donation, and records an offer it never saw', () => {
    spec
      .given()
      .when(complete('boost'))
      .then([
        { type: 'CheckoutSessionCreated', data: offer('boost') },
        {
          type: 'CheckoutSessionCompleted',
          data: { ...payment, kind: 'boost', userId: 'u-1', boostId: 'b-1' },
        },
      ]);
  });
});

describe('checkout decider: what the provider said', () => {
  const spec = deciderSpecification(checkoutDecider);
  const boost = offer('boost');
  const created = { type: 'CheckoutSessionCreated', data: boost } as const;
  const confirm = (receiptEmail: string | null = 'ann@example.com'): CheckoutCommand => ({
    type: 'ConfirmCheckoutPayment',
    data: { offer: boost, payment, receiptEmail },
  });
  const confirmed = {
    type: 'CheckoutPaymentConfirmed',
    data: {
      sessionId: 'cs_1',
      userId: 'u-1',
      offer: boost,
      payment,
      receiptEmail: 'ann@example.com',
    },
  } as const;

  it('records a paid session’s answer once, whoever asked second', () => {
    spec.given(created).when(confirm()).then([confirmed]);
    spec.given(created, confirmed).when(confirm()).thenNothing();
  });

  it('completes from the recorded answer, and records the offer of a session it never saw', () => {
    spec.given().when(confirm()).then([created, confirmed]);
    const [completed] = spec
      .given(created, confirmed)
      .when({ type: 'CompleteCheckout', data: { offer: boost, payment, receiptEmail: null } })
      .events();
    expect(completed.type).toBe('CheckoutSessionCompleted');
  });

  it('keeps no receipt address in the answer for a visitor’s donation', () => {
    const donation = offer('donation');
    const [answer] = spec
      .given({ type: 'CheckoutSessionCreated', data: donation })
      .when({
        type: 'ConfirmCheckoutPayment',
        data: { offer: donation, payment, receiptEmail: 'x@example.com' },
      })
      .events();
    expect(answer.data).toMatchObject({ userId: null, receiptEmail: null });
  });
});

describe('stripe event decider', () => {
  const spec = deciderSpecification(stripeEventDecider);
  const data = { stripeEventId: 'evt_1', stripeEventType: 'charge.refunded', objectId: 'ch_1' };
  const receive = { type: 'ReceiveStripeEvent', data } as const;
  const received = { type: 'StripeEventReceived', data } as const;

  it('takes an event id once and marks it processed once', () => {
    spec.given().when(receive).then([received]);
    spec.given(received).when(receive).thenNothing();
    const done = { stripeEventId: 'evt_1', outcome: 'applied' as const };
    const markProcessed = { type: 'MarkStripeEventProcessed', data: done } as const;
    const processed = { type: 'StripeEventProcessed', data: done } as const;
    spec.given(received).when(markProcessed).then([processed]);
    spec.given(received, processed).when(markProcessed).thenNothing();
  });
});

describe('payment decider', () => {
  const spec = deciderSpecification(paymentDecider);
  const refund = {
    stripePaymentId: 'pi_1',
    stripeChargeId: 'ch_1',
    amountRefunded: 500,
    currency: 'usd',
    receiptUrl: null,
  };
  const recordRefund = (amountRefunded = 500) =>
    ({ type: 'RecordRefund', data: { ...refund, amountRefunded } }) as const;
  const refunded = (amountRefunded: number, amount: number) =>
    ({ type: 'PaymentRefunded', data: { ...refund, amountRefunded, amount } }) as const;

  it('records a refund that arrives before the payment it refunds, and the payment after it', () => {
    spec
      .given()
      .when(recordRefund())
      .then([refunded(500, 500)]);
    const paid = { ...payment, kind: 'boost' as const, userId: 'u-1', boostId: 'b-1' };
    const received = { type: 'PaymentReceived', data: paid } as const;
    spec.given(refunded(500, 500)).when({ type: 'RecordPayment', data: paid }).then([received]);
    const both = spec.given(refunded(500, 500), received);
    expect(both.state().refunded).toEqual({ ...refund, amount: 500 });
    expect(both.state().paidFor?.boostId).toBe('b-1');
    both.when(recordRefund()).thenNothing();
  });

  it('records a further partial refund with the cents it adds, and never a total it already has', () => {
    spec
      .given()
      .when(recordRefund(200))
      .then([refunded(200, 200)]);
    spec
      .given(refunded(200, 200))
      .when(recordRefund())
      .then([refunded(500, 300)]);
    spec.given(refunded(200, 200), refunded(500, 300)).when(recordRefund(200)).thenNothing();
  });

  it('records each dispute once', () => {
    const dispute = {
      stripePaymentId: 'pi_1',
      stripeDisputeId: 'dp_1',
      amount: 500,
      currency: 'usd',
      reason: 'fraudulent',
    };
    const disputed = { type: 'PaymentDisputed', data: dispute } as const;
    spec.given().when({ type: 'RecordDispute', data: dispute }).then([disputed]);
    spec.given(disputed).when({ type: 'RecordDispute', data: dispute }).thenNothing();
  });
});

describe('payment account decider', () => {
  const spec = deciderSpecification(paymentAccountDecider);
  const suspended = {
    type: 'BoostPurchasesSuspended',
    data: { userId: 'u-1', stripeDisputeId: 'dp_1', stripePaymentId: 'pi_1' },
  } as const;
  const check = { type: 'CheckBoostPurchaseAllowed' } as const;

  it('suspends boost purchases while a dispute is open, until an admin decides', () => {
    spec.given().when(check).thenNothing();
    spec.given(suspended).when(check).thenThrows(ForbiddenError, PURCHASES_SUSPENDED);
    const reinstated = spec
      .given(suspended)
      .when({
        type: 'ReinstateBoostPurchases',
        data: { userId: 'u-1', stripeDisputeId: 'dp_1', adminId: 'a-1' },
      })
      .events();
    expect(reinstated.map((e) => e.type)).toEqual(['BoostPurchasesReinstated']);
    spec.given(suspended, reinstated).when(check).thenNothing();
    spec
      .given(suspended, reinstated)
      .when({ type: 'SuspendBoostPurchases', data: suspended.data })
      .thenNothing();
  });

  const resolve = (liftSuspension: boolean, reason: string | null = 'Checked with the bank') => ({
    type: 'ResolveDispute' as const,
    data: { userId: 'u-1', stripeDisputeId: 'dp_1', adminId: 'a-1', liftSuspension, reason },
  });

  it('given a suspension, when an admin keeps it, then it stays and is kept once; a lift may follow', () => {
    const kept = spec.given(suspended).when(resolve(false)).events();
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
    spec.given(suspended, kept).when(check).thenThrows(ForbiddenError, PURCHASES_SUSPENDED);
    spec
      .given(suspended, kept)
      .when(resolve(false))
      .thenThrows(ConflictError, DISPUTE_ALREADY_RESOLVED);
    const lifted = spec.given(suspended, kept).when(resolve(true, null)).events();
    expect(lifted.map((e) => e.type)).toEqual(['BoostPurchasesReinstated']);
    spec.given(suspended, kept, lifted).when(check).thenNothing();
  });

  it('given a lifted suspension, a second decision is refused; an unknown dispute is not found', () => {
    const lifted = spec.given(suspended).when(resolve(true)).events();
    expect(lifted[0].data).toMatchObject({ adminId: 'a-1', reason: 'Checked with the bank' });
    for (const lift of [true, false]) {
      spec
        .given(suspended, lifted)
        .when(resolve(lift))
        .thenThrows(ConflictError, DISPUTE_ALREADY_RESOLVED);
    }
    spec.given().when(resolve(true)).thenThrows(NotFoundError, DISPUTE_NOT_FOUND);
  });
});
