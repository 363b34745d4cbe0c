import type { PaymentNotice } from '../../../domain/payment/stripe-event.decider';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import type { CheckoutSession, PaymentGateway } from '../../ports/payments.port';
import type { ProjectionProgress } from '../../shared/projection-progress';
import {
  boostOffer,
  gateway,
  given,
  paymentFacts,
  recordedOn,
  session,
  writesOn,
} from '../testing/payments-fixture';
import { FULFILMENT_CHECKPOINT, FulfilmentReactor } from './fulfilment-reactor';
import {
  LOOKUP_RETRY_FIRST_MS,
  LOOKUP_RETRY_MAX_MS,
  lookupRetryDelayMs,
  PAYMENT_LOOKUPS,
  StripeLookups,
} from './stripe-lookups';

/** Resolves once `condition` holds (the test's own timeout fails it otherwise). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A provider that counts its questions per session and fails for the sessions in `down`. */
function counted(known: CheckoutSession[]) {
  const provider: PaymentGateway = gateway(known);
  const retrieve = provider.retrieveCheckoutSession.bind(provider);
  const asked = new Map<string, number>();
  const down = new Set<string>();
  provider.retrieveCheckoutSession = (id) => {
    asked.set(id, (asked.get(id) ?? 0) + 1);
    if (down.has(id)) return Promise.reject(new Error('Stripe is unavailable'));
    return retrieve(id);
  };
  return { provider, asked, down };
}

describe('payment fulfilment reactor and the payments worker', () => {
  let events: SqliteEventStore;
  let reads: EmbeddedReadStore;
  let reactor: FulfilmentReactor;
  let lookups: StripeLookups;

  const projections = { waitFor: () => Promise.resolve(true) } as unknown as ProjectionProgress;
  const start = async (provider: PaymentGateway) => {
    lookups = new StripeLookups(writesOn(events), reads, provider);
    reactor = new FulfilmentReactor(events, reads, writesOn(events), projections, lookups);
    await reactor.start();
    await lookups.start();
  };
  const stop = async () => {
    await reactor.stop();
    await lookups.stop();
  };
  const stripeEvent = (id: string, payment: PaymentNotice) =>
    given(events, `stripe-event-${id}`, {
      type: 'StripeEventReceived',
      data: { stripeEventId: id, stripeEventType: 'some.type', objectId: null, payment },
    });
  const typesOn = async (streamId: string) =>
    (await recordedOn(events, streamId)).map(([type]) => type);
  const processed = (id: string) => async () =>
    (await typesOn(`stripe-event-${id}`)).includes('StripeEventProcessed');

  beforeEach(() => {
    events = new SqliteEventStore(':memory:');
    reads = new EmbeddedReadStore(':memory:');
  });
  afterEach(async () => {
    await stop();
    await reads.close();
    await events.close();
  });

  it('asks the provider once about a completion, records its answer, and fulfils it once, even when the log is read again', async () => {
    await given(events, 'checkout-cs_test_1', { type: 'CheckoutSessionCreated', data: boostOffer });
    await stripeEvent('evt_1', { kind: 'checkout-completed', sessionId: 'cs_test_1' });
    const { provider, asked } = counted([session()]);
    await start(provider);
    await until(processed('evt_1'));
    expect(await typesOn('checkout-cs_test_1')).toEqual([
      'CheckoutSessionCreated',
      'CheckoutPaymentConfirmed',
      'CheckoutSessionCompleted',
    ]);
    expect(await recordedOn(events, 'boost-b-1')).toEqual([
      ['BoostPurchased', expect.objectContaining({ boostId: 'b-1', userId: 'u-1', amount: 199 })],
    ]);
    expect(await typesOn('payment-pi_1')).toEqual(['PaymentReceived']);
    expect(asked.get('cs_test_1')).toBe(1);
    await until(async () => (await reads.find(PAYMENT_LOOKUPS, {})).length === 0);

    // A second announcement of the same session, then the log read from the start again (its
    // checkpoint gone with a rebuild): nothing is done or asked twice.
    await stripeEvent('evt_2', { kind: 'checkout-completed', sessionId: 'cs_test_1' });
    await until(processed('evt_2'));
    await stop();
    await reads.dropReadModels();
    const head = await events.headPosition();
    await start(provider);
    await reactor.settled(head);
    expect(await events.headPosition()).toBe(head);
    expect(asked.get('cs_test_1')).toBe(1);
  });

  describe('waiting for a fulfilment (read-your-writes)', () => {
    const waitedFor: bigint[] = [];
    const noting = {
      waitFor: (position: bigint | null) => {
        if (position !== null) waitedFor.push(position);
        return Promise.resolve(true);
      },
    } as unknown as ProjectionProgress;
    beforeEach(() => {
      waitedFor.length = 0;
    });

    /** A paid completion, fulfilled by the reactor; answers the position the webhook recorded. */
    const fulfilled = async () => {
      await given(events, 'checkout-cs_test_1', {
        type: 'CheckoutSessionCreated',
        data: boostOffer,
      });
      const recorded = await stripeEvent('evt_1', {
        kind: 'checkout-completed',
        sessionId: 'cs_test_1',
      });
      lookups = new StripeLookups(writesOn(events), reads, counted([session()]).provider);
      reactor = new FulfilmentReactor(events, reads, writesOn(events), noting, lookups);
      await reactor.start();
      await lookups.start();
      await until(processed('evt_1'));
      return recorded;
    };

    it('given it runs here, waits for the read models to reach the last event it appended, without asking the log for its head', async () => {
      const recorded = await fulfilled();
      const [lastAppended] = (await recordedOn(events, 'stripe-event-evt_1')).slice(-1);
      expect(lastAppended[0]).toBe('StripeEventProcessed');
      const head = await events.headPosition();
      const headAsked = jest.spyOn(events, 'headPosition');

      await reactor.settled(recorded);

      expect(waitedFor).toEqual([head]);
      expect(headAsked).not.toHaveBeenCalled();
    });

    it('given it runs in another process, reads what it appended from the note stored with its checkpoint', async () => {
      const recorded = await fulfilled();
      const head = await events.headPosition();
      await stop();
      const headAsked = jest.spyOn(events, 'headPosition');
      const elsewhere = new FulfilmentReactor(events, reads, writesOn(events), noting, lookups);

      await elsewhere.settled(recorded);

      expect(waitedFor).toEqual([head]);
      expect(headAsked).not.toHaveBeenCalled();
      expect(await reads.getCheckpoint(FULFILMENT_CHECKPOINT)).toBe(head);
    });
  });

  it('holds neither later events nor other purchases while the provider fails for one, and asks again with backoff until it answers', async () => {
    for (const id of ['cs_a', 'cs_b']) {
      await given(events, `checkout-${id}`, {
        type: 'CheckoutSessionCreated',
        data: { ...boostOffer, sessionId: id, boostId: `b-${id}` },
      });
    }
    const { provider, asked, down } = counted([
      session({ id: 'cs_a', paymentId: 'pi_a' }),
      session({ id: 'cs_b', paymentId: 'pi_b' }),
    ]);
    down.add('cs_a');
    await stripeEvent('evt_a', { kind: 'checkout-completed', sessionId: 'cs_a' });
    const refund = await stripeEvent('evt_r', {
      kind: 'refund',
      stripePaymentId: 'pi_x',
      stripeChargeId: 'ch_x',
      amountRefunded: 199,
      currency: 'usd',
      receiptUrl: null,
    });
    await stripeEvent('evt_b', { kind: 'checkout-completed', sessionId: 'cs_b' });
    await start(provider);

    // The events behind the failing purchase go on: a refund, another purchase.
    await reactor.settled(refund);
    expect(await typesOn('payment-pi_x')).toEqual(['PaymentRefunded']);
    await until(processed('evt_b'));
    expect(await typesOn('boost-b-cs_b')).toEqual(['BoostPurchased']);
    expect(await typesOn('boost-b-cs_a')).toEqual([]);

    // Asked again after a pause, until the provider answers.
    await until(() => Promise.resolve((asked.get('cs_a') ?? 0) >= 2));
    expect(await typesOn('stripe-event-evt_a')).toEqual(['StripeEventReceived']);
    down.delete('cs_a');
    await until(processed('evt_a'));
    expect(await typesOn('boost-b-cs_a')).toEqual(['BoostPurchased']);
    expect(asked.get('cs_b')).toBe(1);
  });

  it('pauses one second after a first failure, doubling after each, at most ten minutes', () => {
    expect([1, 2, 3, 4].map(lookupRetryDelayMs)).toEqual([
      LOOKUP_RETRY_FIRST_MS,
      2 * LOOKUP_RETRY_FIRST_MS,
      4 * LOOKUP_RETRY_FIRST_MS,
      8 * LOOKUP_RETRY_FIRST_MS,
    ]);
    expect(lookupRetryDelayMs(40)).toBe(LOOKUP_RETRY_MAX_MS);
  });

  it('finishes from the recorded answer a completion that a crash cut short, without asking the provider', async () => {
    await given(
      events,
      'checkout-cs_test_1',
      { type: 'CheckoutSessionCreated', data: boostOffer },
      {
        type: 'CheckoutPaymentConfirmed',
        data: {
          sessionId: 'cs_test_1',
          userId: 'u-1',
          offer: boostOffer,
          payment: paymentFacts,
          receiptEmail: null,
        },
      },
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
    const { provider, asked } = counted([]);
    await start(provider);
    await reactor.settled(await events.headPosition());
    expect(await typesOn('boost-b-1')).toEqual(['BoostPurchased']);
    expect(await typesOn('payment-pi_1')).toEqual(['PaymentReceived']);
    expect(await typesOn('stripe-event-evt_4')).toEqual([
      'StripeEventReceived',
      'StripeEventProcessed',
    ]);
    expect(asked.size).toBe(0);
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
    await start(gateway([]));
    await reactor.settled(position);
    expect(await typesOn('payment-pi_1')).toEqual(['PaymentRefunded']);
    expect(await recordedOn(events, 'boost-b-1')).toEqual([]);
    expect(await reads.getCheckpoint(FULFILMENT_CHECKPOINT)).toBeGreaterThanOrEqual(position);
  });

  it('leaves alone a session the provider does not know (another app’s), marking the event processed', async () => {
    await stripeEvent('evt_3', { kind: 'checkout-completed', sessionId: 'cs_x' });
    await start(gateway([]));
    await until(processed('evt_3'));
    expect(await recordedOn(events, 'checkout-cs_x')).toEqual([
      ['CheckoutFoundUnpaid', { sessionId: 'cs_x', answer: 'unknown', stripeEventIds: ['evt_3'] }],
    ]);
    expect(await recordedOn(events, 'stripe-event-evt_3')).toEqual([
      expect.arrayContaining(['StripeEventReceived']),
      ['StripeEventProcessed', { stripeEventId: 'evt_3', outcome: 'applied' }],
    ]);
    await until(async () => (await reads.find(PAYMENT_LOOKUPS, {})).length === 0);
  });
});
