import {
  stripeEventDecider,
  stripeEventStreamId,
} from '../../../domain/payment/stripe-event.decider';
import type { CommandMetadata } from '../../../domain/shared/event';
import type { EventStore } from '../../ports/event-store.port';
import type { PaymentEvent } from '../../ports/payments.port';
import { runDecider } from '../../shared/decider-runner';

/**
 * Records what the provider said, once per provider event id: `StripeEventReceived` on the
 * event's own stream (a redelivery, even a parallel one, decides nothing), carrying what it asks
 * of this app for the fulfilment reactor; an event that asks nothing is marked processed at once.
 * Answers the position the fulfilment is to be waited for (null: nothing to wait for).
 */
export async function recordStripeEvent(
  eventStore: EventStore,
  event: PaymentEvent,
  now: Date,
): Promise<bigint | null> {
  const metadata: CommandMetadata = {
    actor: { type: 'stripe', id: event.id },
    now,
    correlationId: event.id,
    causationId: event.id,
  };
  const streamId = stripeEventStreamId(event.id);
  const received = await runDecider(
    eventStore,
    stripeEventDecider,
    streamId,
    {
      type: 'ReceiveStripeEvent',
      data: {
        stripeEventId: event.id,
        stripeEventType: event.type,
        objectId: event.objectId,
        ...(event.notice ? { payment: event.notice } : {}),
      },
    },
    metadata,
  );
  if (!event.notice) {
    await runDecider(
      eventStore,
      stripeEventDecider,
      streamId,
      {
        type: 'MarkStripeEventProcessed',
        data: { stripeEventId: event.id, outcome: event.handled ? 'applied' : 'ignored' },
      },
      metadata,
    );
    return null;
  }
  if (received.position !== null) return received.position;
  // A redelivery: wait for the first delivery's record, unless its effects are all in.
  const history = await eventStore.readStream(streamId);
  if (history.some((e) => e.type === 'StripeEventProcessed')) return null;
  return history.find((e) => e.type === 'StripeEventReceived')?.position ?? null;
}
