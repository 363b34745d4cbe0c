import { randomUUID } from 'node:crypto';
import { type Decider, fold } from '../../domain/shared/decider';
import type { CommandMetadata, DomainEvent, RecordedEvent } from '../../domain/shared/event';
import {
  type EventStore,
  WrongExpectedVersionError,
} from '../../infrastructure/event-store/event-store.port';

export interface Decided<Event extends DomainEvent> {
  events: Event[];
  /** Global position of the last appended event; null when the decision appended nothing. */
  position: bigint | null;
}

/**
 * The thin shell around a decider: read the stream, fold it, decide, append with the expected
 * revision. A concurrent writer makes the append fail; deciding again on the fresh stream is
 * safe because `decide` is pure, so it retries a few times before giving up.
 */
export async function runDecider<Command, State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Decider<Command, State, Event>,
  streamId: string,
  command: Command,
  metadata: CommandMetadata,
  maxAttempts = 4,
): Promise<Decided<Event>> {
  for (let attempt = 1; ; attempt += 1) {
    const history = await eventStore.readStream(streamId);
    const state = fold(
      decider,
      history.map((recorded) => toDomainEvent<Event>(recorded)),
    );
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, position: null };

    const expectedRevision =
      history.length === 0 ? 'no_stream' : history[history.length - 1].revision;
    try {
      const result = await eventStore.appendToStream(
        streamId,
        events.map((event) => ({
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: {
            actor: metadata.actor,
            correlationId: metadata.correlationId,
            causationId: metadata.causationId,
            at: metadata.now.toISOString(),
          },
        })),
        { expectedRevision },
      );
      return { events, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw error;
    }
  }
}

function toDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  return { type: recorded.type, data: recorded.data } as Event;
}
