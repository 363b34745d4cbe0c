import type { PaymentNotice } from '../../../domain/payment/stripe-event.decider';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import type { ReadStore } from '../../ports/read-store.port';
import type { ProjectionProgress } from '../../shared/projection-progress';
import {
  boostOffer,
  clock,
  gateway,
  given,
  paymentFacts,
  recordedOn,
  session,
} from '../testing/payments-fixture';
import { FULFILMENT_CHECKPOINT, FulfilmentReactor } from './fulfilment-reactor';

describe('payment fulfilment reactor', () => {
  let events: SqliteEventStore;
  let checkpoints: Map<string, bigint>;
  let reactor: FulfilmentReactor;

  const readStore = () =>
    ({
      getCheckpoint: (name: string) => Promise.resolve(checkpoints.get(name) ?? null),
      commit: (_writes: unknown, checkpoint: { name: string; position: bigint }) => {
        checkpoints.set(checkpoint.name, checkpoint.position);
        return Promise.resolve();
      },
      findOne: () => Promise.resolve(null),
    }) as unknown as ReadStore;
  const projections = { waitFor: () => Promise.resolve(true) } as unknown as ProjectionProgress;
  const startReactor = async (known = [session()], provider = gateway(known)) => {
    reactor = new FulfilmentReactor(events, readStore(), clock, provider, projections);
    await reactor.start();
  };
  const stripeEvent = (id: string, payment: PaymentNotice) =>
    given(events, `stripe-event-${id}`, {
      type: 'StripeEventReceived',
      data: { stripeEventId: id, stripeEventType: 'some.type', objectId: null, payment },
    });

  beforeEach(() => {
    events = new SqliteEventStore(':memory:');
    checkpoints = new Map();
  });
  afterEach(async () => {
    await reactor.stop();
    await events.close();
  });

  it('fulfils a recorded checkout completion once, even when the log is read again', async () => {
    await given(events, 'checkout-cs_test_1', { type: 'CheckoutSessionCreated', data: boostOffer });
    const position = await stripeEvent('evt_1', {
      kind: 'checkout-completed',
      sessionId: 'cs_test_1',
    });
    await startReactor();
    await reactor.settled(position);
    expect((await recordedOn(events, 'stripe-event-evt_1')).map(([type]) => type)).toEqual([
      'StripeEventReceived',
      'StripeEventProcessed',
    ]);
    expect((await recordedOn(events, 'checkout-cs_test_1')).map(([type]) => type)).toEqual([
      'CheckoutSessionCreated',
      'CheckoutSessionCompleted',
    ]);
    expect(await recordedOn(events, 'boost-b-1')).toEqual([
      ['BoostPurchased', expect.objectContaining({ boostId: 'b-1', userId: 'u-1', amount: 199 })],
    ]);
    expect((await recordedOn(events, 'payment-pi_1')).map(([type]) => type)).toEqual([
      'PaymentReceived',
    ]);

    // Read from the start again (its checkpoint gone with a rebuild): nothing is done twice.
    await reactor.stop();
    checkpoints.clear();
    const head = await events.headPosition();
    await startReactor();
    await reactor.settled(head);
    expect(await events.headPosition()).toBe(head);
  });

  it('finishes a completion marked processed in its effects’ commit that a crash cut short', async () => {
    await given(
      events,
      'checkout-cs_test_1',
      { type: 'CheckoutSessionCreated', data: boostOffer },
      {
        type: 'CheckoutSessionCompleted',
        data: { ...paymentFacts, kind: 'boost', userId: 'u-1', boostId: 'b-1' },
      },
    );
    await given(
      events,
      'stripe-event-evt_4',
      {
        type: 'StripeEventReceived',
        data: {
          stripeEventId: 'evt_4',
          stripeEventType: 'checkout.session.completed',
          objectId: 'cs_test_1',
          payment: { kind: 'checkout-completed', sessionId: 'cs_test_1' },
        },
      },
      {
        type: 'StripeEventProcessed',
        data: { stripeEventId: 'evt_4', outcome: 'applied', withEffects: true },
      },
    );
    await startReactor();
    await reactor.settled(await events.headPosition());
    expect((await recordedOn(events, 'boost-b-1')).map(([type]) => type)).toEqual([
      'BoostPurchased',
    ]);
    expect((await recordedOn(events, 'payment-pi_1')).map(([type]) => type)).toEqual([
      'PaymentReceived',
    ]);
    expect((await recordedOn(events, 'stripe-event-evt_4')).map(([type]) => type)).toEqual([
      'StripeEventReceived',
      'StripeEventProcessed',
    ]);

    // Its effects all in the log, it is trusted again: the provider is not asked.
    const head = await events.headPosition();
    await reactor.stop();
    checkpoints.clear();
    const provider = gateway([session()]);
    const asked = jest.spyOn(provider, 'retrieveCheckoutSession');
    await startReactor([], provider);
    await reactor.settled(head);
    expect(asked).not.toHaveBeenCalled();
    expect(await events.headPosition()).toBe(head);
  });

  it('records a refund that arrives before its payment, for the completion to apply', async () => {
    const position = await stripeEvent('evt_2', {
      kind: 'refund',
      stripePaymentId: 'pi_1',
      stripeChargeId: 'ch_1',
      amountRefunded: 199,
      currency: 'usd',
      receiptUrl: null,
    });
    await startReactor();
    await reactor.settled(position);
    expect((await recordedOn(events, 'payment-pi_1')).map(([type]) => type)).toEqual([
      'PaymentRefunded',
    ]);
    expect(await recordedOn(events, 'boost-b-1')).toEqual([]);
    expect(checkpoints.get(FULFILMENT_CHECKPOINT)).toBeGreaterThanOrEqual(position);
  });

  it('leaves alone a session the provider does not know (another app’s), marking the event processed', async () => {
    const position = await stripeEvent('evt_3', { kind: 'checkout-completed', sessionId: 'cs_x' });
    await startReactor([]);
    await reactor.settled(position);
    expect(await recordedOn(events, 'checkout-cs_x')).toEqual([]);
    expect(await recordedOn(events, 'stripe-event-evt_3')).toEqual([
      expect.arrayContaining(['StripeEventReceived']),
      ['StripeEventProcessed', { stripeEventId: 'evt_3', outcome: 'applied' }],
    ]);
  });
});
