import { assertNever, type Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/event';
import type { RecordDispute, RecordRefund } from './payment.decider';

/**
 * What a Stripe event asks of this app, in its own terms: mapped from Stripe's JSON by the
 * payment adapter, recorded with the event, and acted on by the fulfilment reactor.
 */
export type PaymentNotice =
  /** A checkout session completed (or its delayed payment succeeded): fulfil it if paid. */
  | { kind: 'checkout-completed'; sessionId: string }
  | ({ kind: 'refund' } & RecordRefund['data'])
  | ({ kind: 'dispute' } & RecordDispute['data']);

/**
 * One stream per Stripe event id (`stripe-event-<id>`), first appended with `no_stream`: the
 * record that the event arrived (its type, object and what it asks of this app), then that its
 * effects are all in. A redelivery changes nothing: the fulfilment reactor acts on the one
 * record, once, and marks it processed.
 */
export type StripeEventReceived = DomainEvent<
  'StripeEventReceived',
  {
    stripeEventId: string;
    stripeEventType: string;
    objectId: string | null;
    /**
     * What the fulfilment reactor is to do; absent when there is nothing (an event of another
     * type is marked processed at once) and in events recorded before the reactor, whose
     * effects the webhook itself appended.
     */
    payment?: PaymentNotice;
  }
>;
export type StripeEventProcessed = DomainEvent<
  'StripeEventProcessed',
  {
    stripeEventId: string;
    outcome: 'applied' | 'ignored';
    /**
     * Asked for together with the fulfilment's effects, to share their commit: a crash may
     * have kept it without some of them, so the reactor trusts it once it finds them all in the
     * log. Absent: appended after the effects were all in (and in events recorded before).
     */
    withEffects?: true;
  }
>;
export type StripeEventEvent = StripeEventReceived | StripeEventProcessed;

export type StripeEventState =
  { status: 'new' | 'received' } | { status: 'processed'; withEffects: boolean };

export interface ReceiveStripeEvent {
  type: 'ReceiveStripeEvent';
  data: StripeEventReceived['data'];
}
export interface MarkStripeEventProcessed {
  type: 'MarkStripeEventProcessed';
  data: StripeEventProcessed['data'];
}
export type StripeEventCommand = ReceiveStripeEvent | MarkStripeEventProcessed;

export function stripeEventStreamId(eventId: string): string {
  return `stripe-event-${eventId}`;
}

export const stripeEventDecider: Decider<StripeEventCommand, StripeEventState, StripeEventEvent> = {
  initialState: { status: 'new' },

  decide(command, state) {
    switch (command.type) {
      case 'ReceiveStripeEvent':
        return state.status === 'new' ? [{ type: 'StripeEventReceived', data: command.data }] : [];
      case 'MarkStripeEventProcessed':
        return state.status === 'received'
          ? [{ type: 'StripeEventProcessed', data: command.data }]
          : [];
      default:
        return assertNever(command);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'StripeEventReceived':
        return { status: 'received' };
      case 'StripeEventProcessed':
        return { status: 'processed', withEffects: event.data.withEffects === true };
      default:
        return assertNever(event);
    }
  },
};
