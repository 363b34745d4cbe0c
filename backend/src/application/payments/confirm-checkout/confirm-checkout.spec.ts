import { NotFoundError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import {
  boostOffer,
  gateway,
  given,
  noticesOn,
  recordedOn,
  session,
} from '../testing/payments-fixture';
import { ConfirmCheckoutCommand } from './confirm-checkout.command';
import { ConfirmCheckoutHandler } from './confirm-checkout.handler';

describe('confirm a checkout (the return page)', () => {
  let events: SqliteEventStore;
  let awaited: (bigint | null)[];

  const confirm = (known = [session()]) =>
    new ConfirmCheckoutHandler(noticesOn(events, gateway(known), awaited)).execute(
      new ConfirmCheckoutCommand('cs_test_1', 'corr-1'),
    );

  beforeEach(async () => {
    events = new SqliteEventStore(':memory:');
    awaited = [];
    await given(events, 'checkout-cs_test_1', { type: 'CheckoutSessionCreated', data: boostOffer });
  });
  afterEach(() => events.close());

  it('reports a paid session for the fulfilment and waits for it', async () => {
    const answer = await confirm();
    expect(answer).toEqual({
      status: 'paid',
      kind: 'boost',
      boostType: 'regular',
      postId: null,
      amount: 199,
    });
    const recorded = await events.readStream('checkout-cs_test_1');
    expect(recorded.map((e) => [e.type, e.data])).toEqual([
      ['CheckoutSessionCreated', boostOffer],
      ['CheckoutPaymentReported', { sessionId: 'cs_test_1' }],
    ]);
    expect(recorded[1].metadata).toMatchObject({
      correlationId: 'corr-1',
      causationId: 'cs_test_1',
    });
    expect(awaited).toEqual([recorded[1].position]);
  });

  it('reports nothing for an unpaid session, or one already fulfilled', async () => {
    expect(await confirm([session({ paymentStatus: 'unpaid', status: 'open' })])).toMatchObject({
      status: 'unpaid',
    });
    await given(events, 'checkout-cs_test_1', {
      type: 'CheckoutSessionCompleted',
      data: {
        amount: 199,
        currency: 'usd',
        stripeSessionId: 'cs_test_1',
        stripePaymentId: 'pi_1',
        receiptUrl: null,
        kind: 'boost',
        userId: 'u-1',
        boostId: 'b-1',
      },
    });
    await confirm();
    expect((await recordedOn(events, 'checkout-cs_test_1')).map(([type]) => type)).toEqual([
      'CheckoutSessionCreated',
      'CheckoutSessionCompleted',
    ]);
  });

  it('refuses a session the provider does not know', async () => {
    await expect(confirm([])).rejects.toThrow(NotFoundError);
  });
});
