import type { EventMetadata, RecordedEvent } from '../../domain/shared/event';

/**
 * The event store port. Semantics follow EventStoreDB so that the SQLite and EventStoreDB adapters
 * are interchangeable:
 * - streams with zero-based revisions, one global log with strictly increasing positions;
 * - optimistic concurrency through the expected revision;
 * - appending events whose ids are already in the stream at the same place answers the original
 *   result, whatever the expected revision; a caller that must know whether it appended (a mail
 *   sent once) gives new ids;
 * - reading `$all` and subscribing to it are exclusive of the given position.
 */

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export const EVENT_STORE = Symbol('EventStore');

export interface EventToAppend {
  /** UUID. Re-appending the same id to the same stream does not duplicate it. */
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface AppendResult {
  /** Revision of the last event in the stream after the append. */
  nextExpectedRevision: bigint;
  /** Global position of the last appended event. */
  position: bigint;
}

export interface ReadStreamOptions {
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive. Omit to read from the start of the log. */
  after?: bigint;
  maxCount?: number;
}

export interface ReadAllPagesOptions {
  /** Exclusive. Omit to read from the start of the log. */
  after?: bigint;
  pageSize: number;
}

export interface SubscribeToAllOptions {
  /** Exclusive checkpoint; omit to start from the beginning of the log. */
  after?: bigint;
}

/**
 * Called for each event in log order. The subscription waits for the returned promise before
 * handing over the next event (back-pressure). A thrown error stops the subscription and is
 * reported to `onError`.
 */
export type EventHandler = (event: RecordedEvent) => Promise<void> | void;

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventStore {
  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;

  /** The stream's events in order; an empty list when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;

  /**
   * The stream's last event, or null when the stream does not exist: what a decision needs when
   * the last event alone makes the state (see `Decider.lastEventDecides`), however long the
   * stream has grown.
   */
  readLastEvent(streamId: string): Promise<RecordedEvent | null>;

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;

  /**
   * Every event after `after`, in pages of `pageSize` (the last may be shorter): a replay of
   * the whole log. A store may read the next pages while the caller works on one.
   */
  readAllPages(options: ReadAllPagesOptions): AsyncIterable<RecordedEvent[]>;

  /** Position of the last event in the log, or null for an empty log. */
  headPosition(): Promise<bigint | null>;

  /** A catch-up subscription: delivers history after the checkpoint, then turns live. */
  subscribeToAll(
    options: SubscribeToAllOptions,
    handler: EventHandler,
    onError?: (error: unknown) => void,
  ): Subscription;

  /**
   * After an erasure: makes what was deleted or overwritten unreadable in the store's files at
   * once (the embedded SQLite stores checkpoint and empty their write-ahead log; freed pages are
   * overwritten as they are freed). Absent where the server keeps its own files (MongoDB,
   * EventStoreDB: encrypted volumes, see docs/privacy.md).
   */
  scrubFreedSpace?(): Promise<void>;

  close(): Promise<void>;
}

/**
 * The most an append may carry: its events' data and metadata, in bytes (EventStoreDB's
 * `MaxAppendSize`, 1 MiB by default). A larger append is refused whole (`AppendTooLargeError`),
 * by both stores; a decision that may name more (a ban of a very busy account) is written in
 * several appends.
 */
export const MAX_APPEND_BYTES = 1024 * 1024;

export class AppendTooLargeError extends Error {
  constructor(
    readonly streamId: string,
    readonly bytes: number | null,
  ) {
    super(
      `An append to ${streamId} is over the ${MAX_APPEND_BYTES} bytes a store takes` +
        (bytes === null ? '' : ` (${bytes} bytes)`),
    );
    this.name = 'AppendTooLargeError';
  }
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(
      `Wrong expected version on ${streamId}: expected ${String(expected)}, actual ${String(actual)}`,
    );
    this.name = 'WrongExpectedVersionError';
  }
}

/** `readAllPages` as one `readAll` per page, for a store that has no faster way. */
export async function* readAllInPages(
  store: Pick<EventStore, 'readAll'>,
  options: ReadAllPagesOptions,
): AsyncGenerator<RecordedEvent[]> {
  let after = options.after;
  for (;;) {
    const page = await store.readAll({ after, maxCount: options.pageSize });
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1].position;
  }
}
