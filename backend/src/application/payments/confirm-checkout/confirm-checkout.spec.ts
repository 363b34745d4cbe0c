import { NotFoundError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import type { CheckoutSession } from '../../ports/payments.port';
import {
  boostOffer,
  gateway,
  given,
  noticesOn,
  paymentFacts,
  recordedOn,
  session,
} from '../testing/payments-fixture';
import { ConfirmCheckoutCommand } from './confirm-checkout.command';
import { ConfirmCheckoutHandler } from './confirm-checkout.handler';

describe('confirm a checkout (the return page)', () => {
  let events: SqliteEventStore;
  let awaited: (bigint | null)[];
  let asked: number;

  const confirm = (known: CheckoutSession[] = [session({ email: 'ann@example.com' })]) => {
    const provider = gateway(known);
    const retrieve = provider.retrieveCheckoutSession.bind(provider);
    provider.retrieveCheckoutSession = (id) => {
      asked += 1;
      return retrieve(id);
    };
    return new ConfirmCheckoutHandler(noticesOn(events, provider, awaited)).execute(
      new ConfirmCheckoutCommand('cs_test_1', 'corr-1'),
    );
  };
  const paidAnswer = {
    status: 'paid',
    kind: 'boost',
    boostType: 'regular',
    postId: null,
    amount: 199,
    receiptUrl: null,
  };

  beforeEach(async () => {
    events = new SqliteEventStore(':memory:');
    awaited = [];
    asked = 0;
    await given(events, 'checkout-cs_test_1', { type: 'CheckoutSessionCreated', data: boostOffer });
  });
  afterEach(() => events.close());

  it('records what the provider said about a paid session, for the fulfilment, and waits for it', async () => {
    expect(await confirm()).toEqual(paidAnswer);
    const recorded = await events.readStream('checkout-cs_test_1');
    expect(recorded.map((e) => [e.type, e.data])).toEqual([
      ['CheckoutSessionCreated', boostOffer],
      [
        'CheckoutPaymentConfirmed',
        {
          sessionId: 'cs_test_1',
          userId: 'u-1',
          offer: boostOffer,
          payment: paymentFacts,
          receiptEmail: 'ann@example.com',
        },
      ],
    ]);
    expect(recorded[1].metadata).toMatchObject({
      correlationId: 'corr-1',
      causationId: 'cs_test_1',
    });
    expect(awaited).toEqual([recorded[1].position]);
    expect(asked).toBe(1);
  });

  it('answers from the log, without asking the provider, once its answer is recorded', async () => {
    await confirm();
    const [, confirmed] = await events.readStream('checkout-cs_test_1');
    awaited = [];
    expect(await confirm()).toEqual(paidAnswer);
    expect(asked).toBe(1);
    expect(awaited).toEqual([confirmed.position]);
    expect((await recordedOn(events, 'checkout-cs_test_1')).map(([type]) => type)).toEqual([
      'CheckoutSessionCreated',
      'CheckoutPaymentConfirmed',
    ]);
  });

  it('answers a completed session from the log without asking the provider', async () => {
    await given(events, 'checkout-cs_test_1', {
      type: 'CheckoutSessionCompleted',
      data: { ...paymentFacts, kind: 'boost', userId: 'u-1', boostId: 'b-1' },
    });
    expect(await confirm()).toEqual(paidAnswer);
    expect(asked).toBe(0);
  });

  it('given a paid session with a receipt, when its payer returns, then the answer carries the receipt, from the log afterwards too', async () => {
    const receiptUrl = 'https://pay.stripe.com/receipts/r_1';
    expect(await confirm([session({ receiptUrl })])).toEqual({ ...paidAnswer, receiptUrl });
    expect(await confirm([])).toEqual({ ...paidAnswer, receiptUrl });
    expect(asked).toBe(1);
  });

  it('records nothing for an unpaid session', async () => {
    expect(
      await confirm([
        session({
          paymentStatus: 'unpaid',
          status: 'open',
          receiptUrl: 'https://pay.stripe.com/receipts/r_1',
        }),
      ]),
    ).toMatchObject({ status: 'unpaid', receiptUrl: null });
    expect((await recordedOn(events, 'checkout-cs_test_1')).map(([type]) => type)).toEqual([
      'CheckoutSessionCreated',
    ]);
  });

  it('refuses a session the provider does not know', async () => {
    await expect(confirm([])).rejects.toThrow(NotFoundError);
  });
});
