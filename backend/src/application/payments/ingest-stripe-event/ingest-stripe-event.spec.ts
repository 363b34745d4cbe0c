import { useCase } from '../../../../test/support/use-case-specification';
import { InvalidWebhookSignatureError, type PaymentEvent } from '../../ports/payments.port';
import { gateway, NOW, noticesWith, writesIn } from '../testing/payments-fixture';
import { IngestStripeWebhookCommand } from './ingest-stripe-event.command';

const completed: PaymentEvent = {
  id: 'evt_1',
  type: 'checkout.session.completed',
  objectId: 'cs_1',
  handled: true,
  notice: { kind: 'checkout-completed', sessionId: 'cs_1' },
};
const received = {
  type: 'StripeEventReceived',
  data: {
    stripeEventId: 'evt_1',
    stripeEventType: 'checkout.session.completed',
    objectId: 'cs_1',
    payment: { kind: 'checkout-completed', sessionId: 'cs_1' },
  },
};
const delivery = new IngestStripeWebhookCommand(Buffer.from('{}'), 't=1,v1=x');

/**
 * The webhook, the provider reading each delivery as `event` (or refusing it); answers the
 * positions it waited for the fulfilment of, and where the delivery's record is.
 */
const ingesting = (event: PaymentEvent | Error) =>
  useCase(
    (world) => {
      const provider = gateway([], () => {
        if (event instanceof Error) throw event;
        return event;
      });
      const awaited: (bigint | null)[] = [];
      const notices = noticesWith(writesIn(world), provider, awaited);
      return {
        execute: async (command: IngestStripeWebhookCommand) => {
          await notices.execute(command);
          const [record] = await world.eventStore.readStream(`stripe-event-${completed.id}`);
          return { awaited, recordedAt: record?.position ?? null };
        },
      };
    },
    { now: NOW },
  );

describe('ingest a Stripe webhook', () => {
  it('given a new delivery, when it is ingested, then what Stripe said is recorded as Stripe’s for the reactor, and its fulfilment waited for', async () => {
    const ingest = ingesting(completed).when(delivery);
    await ingest.then('stripe-event-evt_1', [
      {
        ...received,
        metadata: {
          actor: { type: 'stripe', id: 'evt_1' },
          correlationId: 'evt_1',
          causationId: 'evt_1',
          at: NOW.toISOString(),
        },
      },
    ]);
    const { answer } = await ingest.outcome();
    expect(answer?.awaited).toEqual([answer?.recordedAt]);
  });

  it('given a delivery recorded before, when it is delivered again, then nothing is recorded and the same record’s fulfilment is waited for', async () => {
    const again = ingesting(completed).given('stripe-event-evt_1', received).when(delivery);
    const { answer, appended } = await again.outcome();
    expect(appended).toEqual([]);
    expect(answer?.recordedAt).not.toBeNull();
    expect(answer?.awaited).toEqual([answer?.recordedAt]);
  });

  it('given an event that asks nothing of the app, when it is ingested, then it is marked processed at once and nothing is waited for', async () => {
    const ignored = { ...completed, id: 'evt_2', type: 'customer.created', handled: false };
    const ingest = ingesting({ ...ignored, notice: null }).when(delivery);
    await ingest.then('stripe-event-evt_2', [
      {
        type: 'StripeEventReceived',
        data: { stripeEventId: 'evt_2', stripeEventType: 'customer.created', objectId: 'cs_1' },
        metadata: { actor: { type: 'stripe', id: 'evt_2' }, causationId: 'evt_2' },
      },
      {
        type: 'StripeEventProcessed',
        data: { stripeEventId: 'evt_2', outcome: 'ignored' },
        metadata: { actor: { type: 'stripe', id: 'evt_2' }, causationId: 'evt_2' },
      },
    ]);
    expect((await ingest.outcome()).answer?.awaited).toEqual([null]);
  });

  it('given a delivery whose signature does not check out, when it is ingested, then it is refused and nothing is recorded', async () => {
    const forged = ingesting(new InvalidWebhookSignatureError('forged')).when(delivery);
    await forged.thenThrows(InvalidWebhookSignatureError);
    expect((await forged.outcome()).appended).toEqual([]);
  });
});
