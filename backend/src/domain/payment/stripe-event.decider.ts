import { assertNever, type Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/event';

/**
 * One stream per Stripe event id (`stripe-event-<id>`), first appended with `no_stream`: the
 * record that the event arrived (its type and object), then that its effects are all in. A
 * redelivery of a processed event changes nothing; one that arrives while the first delivery is
 * still at work (or after it crashed half-way) runs the same idempotent steps again.
 */
export type StripeEventReceived = DomainEvent<
  'StripeEventReceived',
  { stripeEventId: string; stripeEventType: string; objectId: string | null }
>;
export type StripeEventProcessed = DomainEvent<
  'StripeEventProcessed',
  { stripeEventId: string; outcome: 'applied' | 'ignored' }
>;
export type StripeEventEvent = StripeEventReceived | StripeEventProcessed;

export type StripeEventState = { status: 'new' | 'received' | 'processed' };

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
        return { status: 'processed' };
      default:
        return assertNever(event);
    }
  },
};
