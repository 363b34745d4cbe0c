import {
  stripeEventDecider,
  stripeEventStreamId,
} from '../../../domain/payment/stripe-event.decider';
import type { PaymentEvent } from '../../ports/payments.port';
import { type By, by } from '../../shared/command-metadata';
import type { StreamWrites } from '../../shared/stream-writes';

/**
 * Records what the provider said, once per provider event id: `StripeEventReceived` on the
 * event's own stream (a redelivery, even a parallel one, decides nothing), carrying what it asks
 * of this app for the fulfilment reactor; an event that asks nothing is marked processed at once.
 * Answers the position the fulfilment is to be waited for (null: nothing to wait for).
 */
export async function recordStripeEvent(
  writes: StreamWrites,
  event: PaymentEvent,
  now: Date,
): Promise<bigint | null> {
  const stripe: By = by.actor({ type: 'stripe', id: event.id }, event.id, now);
  const streamId = stripeEventStreamId(event.id);
  const received = await writes.decide(
    streamId,
    stripeEventDecider,
    {
      type: 'ReceiveStripeEvent',
      data: {
        stripeEventId: event.id,
        stripeEventType: event.type,
        objectId: event.objectId,
        ...(event.notice ? { payment: event.notice } : {}),
      },
    },
    stripe,
  );
  if (!event.notice) {
    await writes.decide(
      streamId,
      stripeEventDecider,
      {
        type: 'MarkStripeEventProcessed',
        data: { stripeEventId: event.id, outcome: event.handled ? 'applied' : 'ignored' },
      },
      stripe,
    );
    return null;
  }
  if (received.position !== null) return received.position;
  // A redelivery: wait for the first delivery's record, unless its effects are all in.
  const history = await writes.streamEvents(streamId);
  if (history.some((e) => e.type === 'StripeEventProcessed')) return null;
  return history.find((e) => e.type === 'StripeEventReceived')?.position ?? null;
}
