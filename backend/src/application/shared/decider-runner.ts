import { randomUUID } from 'node:crypto';
import { type Decider, fold } from '../../domain/shared/decider';
import { ConflictError } from '../../domain/shared/errors';
import type { CommandMetadata, DomainEvent, RecordedEvent } from '../../domain/shared/event';
import { type EventStore, WrongExpectedVersionError } from '../ports/event-store.port';

export const WRITE_CONFLICT = 'Someone changed this at the same moment. Please try again.';

export interface Decided<Event extends DomainEvent> {
  events: Event[];
  /** Global position of the last appended event; null when the decision appended nothing. */
  position: bigint | null;
  /**
   * Global position of the stream's last event after the decision: the appended one, else the
   * one the decision was taken on (null: there is no stream). What a caller waits for to show the
   * stream's state, including a racing writer's, without asking the log where its head is.
   */
  streamPosition: bigint | null;
}

export interface Loaded<State> {
  state: State;
  /** Revision of the stream's last event, or 'no_stream'. */
  revision: bigint | 'no_stream';
}

/** A stream's state as read, with the global position of its last event (null: no stream). */
export interface LoadedAt<State> extends Loaded<State> {
  position: bigint | null;
}

/** Reads a stream and folds it: the state a decision is taken on, and its revision. */
export async function loadState<Command, State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Decider<Command, State, Event>,
  streamId: string,
): Promise<LoadedAt<State>> {
  if (decider.lastEventDecides) {
    const last = await eventStore.readLastEvent(streamId);
    return {
      state: fold(decider, last ? [toDomainEvent<Event>(last)] : []),
      revision: last ? last.revision : 'no_stream',
      position: last ? last.position : null,
    };
  }
  const history = await eventStore.readStream(streamId);
  return {
    state: fold(
      decider,
      history.map((recorded) => toDomainEvent<Event>(recorded)),
    ),
    revision: history.length === 0 ? 'no_stream' : history[history.length - 1].revision,
    position: history.length === 0 ? null : history[history.length - 1].position,
  };
}

/**
 * A command as its sender writes it: without the metadata that `runDecider` adds. A command
 * whose decision needs the time declares `metadata: CommandMetadata` (emmett's style) and reads
 * `command.metadata.now`: the one source of time for the decision and for the events' `at`.
 */
export type WithoutMetadata<Command> = Command extends { metadata: unknown }
  ? Omit<Command, 'metadata'>
  : Command;

export interface RunOptions {
  maxAttempts?: number;
  /**
   * Decide only on this revision of the stream, the one the caller based other writes on;
   * if the stream has moved on, nothing is appended and a ConflictError says so.
   */
  basedOn?: { revision: bigint | 'no_stream'; conflictMessage: string };
  /**
   * Most decisions on this kind of stream start it (a first like): decide first on the initial
   * state and append with `no_stream`, without reading the stream (one round trip to the store
   * instead of two). When the stream exists the append fails, and the decision is taken again
   * the ordinary way; so does one that decides nothing on the initial state.
   */
  newStreamFirst?: boolean;
}

/**
 * The decisions this process is taking or waiting to take, per event store and stream: each one
 * waits for the one before it on the same stream.
 */
const streamTurns = new WeakMap<EventStore, Map<string, Promise<void>>>();

/**
 * Runs `work` once every decision this process asked for earlier on the stream has finished.
 * Without turns, a long decision (a password change ending hundreds of sessions) loses every race
 * to an endless crowd of short ones (sign-ins), however often it retries; in turn, it waits only
 * for those already queued. Other processes are still met by the expected revision.
 */
async function inTurn<T>(eventStore: EventStore, streamId: string, work: () => Promise<T>) {
  let turns = streamTurns.get(eventStore);
  if (!turns) {
    turns = new Map();
    streamTurns.set(eventStore, turns);
  }
  const before = turns.get(streamId) ?? Promise.resolve();
  const result = before.then(work);
  const done = result.then(
    () => undefined,
    () => undefined,
  );
  turns.set(streamId, done);
  try {
    return await result;
  } finally {
    if (turns.get(streamId) === done) turns.delete(streamId);
  }
}

/**
 * The thin shell around a decider: read the stream, fold it, decide, append with the expected
 * revision. Decisions of this process on one stream take turns (`inTurn`); a writer elsewhere
 * makes the append fail, and deciding again on the fresh stream is safe because `decide` is
 * pure, so it retries a few times before giving up.
 */
export function runDecider<Command, State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Decider<Command, State, Event>,
  streamId: string,
  command: WithoutMetadata<Command>,
  metadata: CommandMetadata,
  options: RunOptions = {},
): Promise<Decided<Event>> {
  return inTurn(eventStore, streamId, () =>
    decideAndAppend(eventStore, decider, streamId, command, metadata, options),
  );
}

async function decideAndAppend<Command, State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Decider<Command, State, Event>,
  streamId: string,
  command: WithoutMetadata<Command>,
  metadata: CommandMetadata,
  options: RunOptions,
): Promise<Decided<Event>> {
  const { basedOn } = options;
  let guessNew = options.newStreamFirst === true && !basedOn;
  const maxAttempts = basedOn ? 1 : (options.maxAttempts ?? 4) + (guessNew ? 1 : 0);
  for (let attempt = 1; ; attempt += 1) {
    const guessed = guessNew;
    guessNew = false;
    const { state, revision, position } = guessed
      ? { state: decider.initialState, revision: 'no_stream' as const, position: null }
      : await loadState(eventStore, decider, streamId);
    if (basedOn && revision !== basedOn.revision) throw new ConflictError(basedOn.conflictMessage);
    const events = decider.decide({ ...command, metadata } as Command, state);
    if (events.length === 0) {
      if (guessed) continue;
      return { events, position: null, streamPosition: position };
    }

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
        { expectedRevision: revision },
      );
      return { events, position: result.position, streamPosition: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (basedOn) throw new ConflictError(basedOn.conflictMessage);
      // Still contended after every retry: the writer is told to try again, never a 500.
      if (attempt >= maxAttempts) throw new ConflictError(WRITE_CONFLICT);
    }
  }
}

function toDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  return { type: recorded.type, data: recorded.data } as Event;
}
