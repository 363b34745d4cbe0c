import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { InvalidWebhookSignatureError, type PaymentEvent } from '../../ports/payments.port';
import { gateway, noticesOn, recordedOn } from '../testing/payments-fixture';
import { IngestStripeWebhookCommand } from './ingest-stripe-event.command';

describe('ingest a Stripe webhook', () => {
  let events: SqliteEventStore;
  let awaited: (bigint | null)[];

  const ingest = (event: PaymentEvent | Error) => {
    const provider = gateway([], () => {
      if (event instanceof Error) throw event;
      return event;
    });
    return noticesOn(events, provider, awaited).execute(
      new IngestStripeWebhookCommand(Buffer.from('{}'), 't=1,v1=x'),
    );
  };
  const completed: PaymentEvent = {
    id: 'evt_1',
    type: 'checkout.session.completed',
    objectId: 'cs_1',
    handled: true,
    notice: { kind: 'checkout-completed', sessionId: 'cs_1' },
  };

  beforeEach(() => {
    events = new SqliteEventStore(':memory:');
    awaited = [];
  });
  afterEach(() => events.close());

  it('records what Stripe said once, for the reactor, and waits for its fulfilment', async () => {
    await ingest(completed);
    await ingest(completed);
    const recorded = await events.readStream('stripe-event-evt_1');
    expect(recorded.map((e) => [e.type, e.data])).toEqual([
      [
        'StripeEventReceived',
        {
          stripeEventId: 'evt_1',
          stripeEventType: 'checkout.session.completed',
          objectId: 'cs_1',
          payment: { kind: 'checkout-completed', sessionId: 'cs_1' },
        },
      ],
    ]);
    expect(recorded[0].metadata).toMatchObject({ actor: { type: 'stripe', id: 'evt_1' } });
    // The redelivery waits for the same record's fulfilment.
    expect(awaited).toEqual([recorded[0].position, recorded[0].position]);
  });

  it('marks an event that asks nothing processed at once', async () => {
    await ingest({
      ...completed,
      id: 'evt_2',
      type: 'customer.created',
      handled: false,
      notice: null,
    });
    expect(
      (await recordedOn(events, 'stripe-event-evt_2')).map(([type, data]) => [type, data]),
    ).toEqual([
      [
        'StripeEventReceived',
        { stripeEventId: 'evt_2', stripeEventType: 'customer.created', objectId: 'cs_1' },
      ],
      ['StripeEventProcessed', { stripeEventId: 'evt_2', outcome: 'ignored' }],
    ]);
    expect(awaited).toEqual([null]);
  });

  it('refuses a delivery whose signature does not check out, recording nothing', async () => {
    await expect(ingest(new InvalidWebhookSignatureError('forged'))).rejects.toThrow(
      InvalidWebhookSignatureError,
    );
    expect(await events.headPosition()).toBeNull();
  });
});
