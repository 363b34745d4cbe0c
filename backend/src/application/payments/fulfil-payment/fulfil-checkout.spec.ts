import type { CommandMetadata } from '../../../domain/shared/event';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import type { AppendResult, EventStore } from '../../ports/event-store.port';
import type { ReadStore } from '../../ports/read-store.port';
import type { PaymentConfirmation } from '../../../domain/payment/checkout.decider';
import {
  boostOffer,
  given,
  NOW,
  paymentFacts,
  recordedOn,
  writesOn,
} from '../testing/payments-fixture';
import { FulfilmentSteps } from './fulfil-checkout';

const metadata: CommandMetadata = {
  actor: { type: 'stripe', id: 'evt_1' },
  now: NOW,
  correlationId: 'evt_1',
  causationId: 'evt_1',
};
const noReads = { findOne: () => Promise.resolve(null) } as unknown as ReadStore;
/** What the provider said about `cs_test_1`, as recorded before the fulfilment. */
const confirmation: PaymentConfirmation = {
  offer: boostOffer,
  payment: paymentFacts,
  receiptEmail: null,
};
const logger = { warn: () => undefined };
const refund = {
  stripePaymentId: 'pi_1',
  stripeChargeId: 'ch_1',
  amountRefunded: 199,
  currency: 'usd',
  receiptUrl: null,
};

/**
 * The log as the steps see it: every append goes to `inner`, the streams whose appends are
 * asked for while others are still unanswered are noted, and an append on `failOn` fails once
 * (a crash half-way through the fulfilment).
 */
function watched(inner: EventStore, failOn?: string) {
  const pending = new Set<string>();
  const together: string[][] = [];
  let failed = false;
  const store: EventStore = Object.create(inner) as EventStore;
  store.appendToStream = async (streamId, events, options): Promise<AppendResult> => {
    if (streamId === failOn && !failed) {
      failed = true;
      throw new Error('The disk is gone');
    }
    pending.add(streamId);
    together.push([...pending].sort());
    try {
      return await inner.appendToStream(streamId, events, options);
    } finally {
      pending.delete(streamId);
    }
  };
  return { store, together };
}

describe('fulfilling a paid checkout from the provider’s recorded answer', () => {
  let events: SqliteEventStore;

  beforeEach(async () => {
    events = new SqliteEventStore(':memory:');
    await given(events, 'checkout-cs_test_1', { type: 'CheckoutSessionCreated', data: boostOffer });
  });
  afterEach(() => events.close());

  /** Marks `evt_1` processed as the reactor does, noting how. */
  const marking = (store: EventStore, marks: boolean[]) => (withEffects: boolean) => {
    marks.push(withEffects);
    return given(store, 'stripe-event-evt_1', {
      type: 'StripeEventProcessed',
      data: { stripeEventId: 'evt_1', outcome: 'applied', withEffects },
    });
  };

  it('asks for the completion, the boost, the payment and the processed mark together, so they share one commit', async () => {
    const { store, together } = watched(events);
    const marks: boolean[] = [];
    await new FulfilmentSteps(writesOn(store), noReads, logger).fulfil(
      confirmation,
      metadata,
      marking(store, marks),
    );
    expect(together).toContainEqual([
      'boost-b-1',
      'checkout-cs_test_1',
      'payment-pi_1',
      'stripe-event-evt_1',
    ]);
    expect(marks).toEqual([true]);
  });

  it('marks the event processed after a refund that came first has withdrawn the boost', async () => {
    await given(events, 'payment-pi_1', {
      type: 'PaymentRefunded',
      data: { ...refund, amount: 199 },
    });
    const { store, together } = watched(events);
    const marks: boolean[] = [];
    await new FulfilmentSteps(writesOn(store), noReads, logger).fulfil(
      confirmation,
      metadata,
      marking(store, marks),
    );
    expect(marks).toEqual([false]);
    expect(together.at(-1)).toEqual(['stripe-event-evt_1']);
    expect((await recordedOn(events, 'boost-b-1')).map(([type]) => type)).toEqual([
      'BoostPurchased',
      'BoostRefunded',
    ]);
  });

  it('finishes a fulfilment cut short when it runs again, and does nothing twice', async () => {
    const { store } = watched(events, 'boost-b-1');
    const steps = new FulfilmentSteps(writesOn(store), noReads, logger);
    await expect(steps.fulfil(confirmation, metadata)).rejects.toThrow('The disk is gone');
    expect(await recordedOn(events, 'boost-b-1')).toEqual([]);

    await steps.fulfil(confirmation, metadata);
    await steps.fulfil(confirmation, metadata);
    expect((await recordedOn(events, 'checkout-cs_test_1')).map(([type]) => type)).toEqual([
      'CheckoutSessionCreated',
      'CheckoutSessionCompleted',
    ]);
    expect((await recordedOn(events, 'boost-b-1')).map(([type]) => type)).toEqual([
      'BoostPurchased',
    ]);
    expect((await recordedOn(events, 'payment-pi_1')).map(([type]) => type)).toEqual([
      'PaymentReceived',
    ]);
  });
});
