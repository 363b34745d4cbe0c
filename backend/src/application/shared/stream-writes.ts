import { Inject, Injectable } from '@nestjs/common';
import type { Decider } from '../../domain/shared/decider';
import type { DomainEvent, RecordedEvent } from '../../domain/shared/event';
import { EVENT_STORE, type EventStore, type ReadStreamOptions } from '../ports/event-store.port';
import { CLOCK, type Clock } from './clock';
import { type By, metadataOf } from './command-metadata';
import {
  type Decided,
  type Loaded,
  loadState,
  runDecider,
  type RunOptions,
  type WithoutMetadata,
} from './decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from './projection-progress';

export interface WriteOptions extends RunOptions {
  /** Answer once the read models include what was appended (read-your-writes). */
  settle?: boolean;
}

/**
 * The way every use case writes: a command decided on one stream (read, fold, decide, append
 * with the revision read; see `runDecider`), stamped with who acts and when, and, for an answer
 * that must show what it wrote, a wait until the read models include it (read-your-writes).
 * Handlers take this, or their context's writer built on it, instead of the event store, the
 * clock and the projections' progress one by one.
 */
@Injectable()
export class StreamWrites {
  /** Handed the position of each append, for whoever asked for it (`noting`). */
  private appended?: (position: bigint) => void;
  /** The position of the last event this writer appended (see `settledOwnAppends`). */
  private lastAppended: bigint | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  /** The stream's state as its decider folds it, with the revision it was read at. */
  load<Command, State, Event extends DomainEvent>(
    decider: Decider<Command, State, Event>,
    streamId: string,
  ): Promise<Loaded<State>> {
    return loadState(this.eventStore, decider, streamId);
  }

  /**
   * The one way a use case writes: decides `command` on `stream` as `by` (at the clock's now
   * unless `by` says when) and appends. Answers without waiting for the read models, unless
   * `settle` asks for it.
   */
  async decide<Command, State, Event extends DomainEvent>(
    stream: string,
    decider: Decider<Command, State, Event>,
    command: WithoutMetadata<Command>,
    by: By,
    options: WriteOptions = {},
  ): Promise<Decided<Event>> {
    const { settle, ...run } = options;
    const metadata = metadataOf(by, by.now ?? this.now());
    const decided = await runDecider(this.eventStore, decider, stream, command, metadata, run);
    if (decided.position !== null) {
      this.appended?.(decided.position);
      if (this.lastAppended === null || decided.position > this.lastAppended) {
        this.lastAppended = decided.position;
      }
    }
    if (settle) await this.settled(decided.position);
    return decided;
  }

  /**
   * The same writer, handing `note` the position of every event it appends. For a reactor whose
   * waiters must know what it appended (the payments' fulfilment) without asking the log where
   * its head is; `decide` alone answers each position, but not to the reactor around the steps.
   */
  noting(note: (position: bigint) => void): StreamWrites {
    const noting = new StreamWrites(this.eventStore, this.clock, this.progress);
    noting.appended = note;
    return noting;
  }

  /** The events recorded on one stream, oldest first (a fold of a projection, an export). */
  streamEvents(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.eventStore.readStream(streamId, options);
  }

  /** Leaves no older copy of what was deleted in the log's files (a store that keeps such). */
  async scrubFreedSpace(): Promise<void> {
    await this.eventStore.scrubFreedSpace?.();
  }

  /** The position the read models include now. */
  position(): Promise<bigint | null> {
    return this.progress.current();
  }

  /**
   * Resolves true once the read models include everything the log holds now (false after the
   * bounded wait): for a start (a command line tool, the configured admin) that works on what
   * the read models say.
   */
  async caughtUp(timeoutMs?: number): Promise<boolean> {
    return this.settled(await this.eventStore.headPosition(), timeoutMs);
  }

  /**
   * Resolves true once the read models include every event this process's writer has appended
   * (false after the bounded wait): a position known without asking the log for its head.
   */
  settledOwnAppends(timeoutMs?: number): Promise<boolean> {
    return this.settled(this.lastAppended, timeoutMs);
  }

  /** Resolves true once the read models include `position` (false after the bounded wait). */
  settled(position: bigint | null, timeoutMs?: number): Promise<boolean> {
    return this.progress.waitFor(position, timeoutMs);
  }
}
