import {
  type AllStreamResolvedEvent,
  BACKWARDS,
  END,
  type EventData,
  EventStoreDBClient,
  FORWARDS,
  type JSONType,
  START,
  StreamNotFoundError,
  MaxAppendSizeExceededError,
  WrongExpectedVersionError as ClientWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { RecordedEvent } from '../../domain/shared/event';
import {
  type AppendResult,
  type EventHandler,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllPagesOptions,
  readAllInPages,
  type ReadStreamOptions,
  type SubscribeToAllOptions,
  type Subscription,
  WrongExpectedVersionError,
  AppendTooLargeError,
} from '../../application/ports/event-store.port';
import {
  isSystemEventType,
  rawPositionOf,
  toClientExpectedRevision,
  toLogPosition,
  toPortActualRevision,
  toReadPosition,
  toRecordedEvent,
} from './eventstoredb-event-store.mapping';

/** $all is read in pages because server events are filtered out here, not by the server. */
const READ_ALL_PAGE = 500;
/** A running server writes $statsCollected events, so the newest entries are often its own. */
const HEAD_PAGE = 100;

/**
 * The production event store: an EventStoreDB node or cluster through its gRPC client. Requirements
 * and differences from the embedded store, invisible through the port when they hold:
 * - server 22.6 or newer, so that stream reads carry each event's $all position;
 * - a user allowed to read $all (with ACLs, one in $admins or in $all's $acl.$r; $ops is not
 *   enough; none on an insecure node): docs/configuration.md, "EVENTSTORE_URL: the user and what it
 *   may read";
 * - the server's own events (types starting with '$') are skipped by reads, the head and
 *   subscriptions;
 * - positions are commit positions, strictly increasing with gaps; a multi-event append answers its
 *   last event's (sources in eventstoredb-event-store.mapping.ts).
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(private readonly client: EventStoreDBClient) {}

  /** The client connects lazily: a wrong address shows at the first call, not here. */
  static connect(connectionString: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    // The server has no empty append; check the expectation the way an append would.
    if (events.length === 0) return this.checkExpectedRevision(streamId, expected);

    let result;
    try {
      result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toClientExpectedRevision(expected),
      });
    } catch (error) {
      if (error instanceof MaxAppendSizeExceededError)
        throw new AppendTooLargeError(streamId, null);
      if (error instanceof ClientWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(
          streamId,
          expected,
          toPortActualRevision(error.actualVersion),
        );
      }
      throw error;
    }
    // An idempotent repeat is answered without a position; the port promises the original one.
    const position =
      toLogPosition(result.position) ??
      (await this.positionOfRevision(streamId, result.nextExpectedRevision));
    return { nextExpectedRevision: result.nextExpectedRevision, position };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const read = this.client.readStream(streamId, {
      direction: FORWARDS,
      fromRevision: options.fromRevision ?? START,
      maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    const last = await this.lastOf(streamId);
    return last && toRecordedEvent(last);
  }

  readAllPages(options: ReadAllPagesOptions): AsyncIterable<RecordedEvent[]> {
    return readAllInPages(this, options);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
    const events: RecordedEvent[] = [];
    if (limit <= 0) return events;
    let cursor = options.after;
    for (;;) {
      // No more than is asked for (and the event at the cursor, which the server includes):
      // what a page reads beyond it would be thrown away and read again by the next call.
      const want = Math.min(READ_ALL_PAGE, limit - events.length + (cursor === undefined ? 0 : 1));
      const page = await this.readAllPage(cursor, 'forwards', want);
      let progressed = false;
      for (const resolved of page) {
        const position = rawPositionOf(resolved);
        // Reading $all from a position includes the event at it; the port's read is exclusive.
        if (position === null || (cursor !== undefined && position <= cursor)) continue;
        cursor = position;
        progressed = true;
        const event = toRecordedEvent(resolved);
        if (!event) continue;
        events.push(event);
        if (events.length >= limit) return events;
      }
      if (page.length < want) return events;
      if (!progressed) throw new Error(`Reading $all made no progress after position ${cursor}`);
    }
  }

  async headPosition(): Promise<bigint | null> {
    let cursor: bigint | undefined;
    for (;;) {
      const page = await this.readAllPage(cursor, 'backwards', HEAD_PAGE);
      let progressed = false;
      for (const resolved of page) {
        const position = rawPositionOf(resolved);
        if (position === null || (cursor !== undefined && position >= cursor)) continue;
        cursor = position;
        progressed = true;
        if (resolved.event && !isSystemEventType(resolved.event.type)) return position;
      }
      if (page.length < HEAD_PAGE) return null;
      if (!progressed) throw new Error(`Reading $all backwards made no progress at ${cursor}`);
    }
  }

  subscribeToAll(
    options: SubscribeToAllOptions,
    handler: EventHandler,
    onError?: (error: unknown) => void,
  ): Subscription {
    const source = this.client.subscribeToAll({
      fromPosition: toReadPosition(options.after),
      filter: excludeSystemEvents(),
    });
    // Errors reach the loop through its iterator; this listener only keeps a late one (after
    // the loop has ended) from crashing the process as an unhandled 'error' event.
    source.on('error', () => undefined);
    let stopped = false;

    const running = (async () => {
      let last = options.after;
      let failed = false;
      let failure: unknown;
      try {
        // One event at a time: the next is not taken until the handler has finished with this
        // one, and the stream's buffer then pushes back on the server.
        for await (const resolved of source) {
          if (stopped) break;
          const event = toRecordedEvent(resolved);
          if (!event || (last !== undefined && event.position <= last)) continue;
          await handler(event);
          last = event.position;
        }
        if (!stopped) {
          failed = true;
          failure = new Error('The EventStoreDB subscription ended unexpectedly');
        }
      } catch (error) {
        failed = !stopped;
        failure = error;
      }
      if (!failed) return;
      stopped = true;
      await source.unsubscribe().catch(() => undefined);
      onError?.(failure);
    })();

    const subscription: Subscription = {
      stop: async () => {
        if (!stopped) {
          stopped = true;
          await source.unsubscribe().catch(() => undefined);
          // Frees a loop waiting for the next event even if the cancelled call never ends.
          source.destroy();
        }
        await running;
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  private async readAllPage(
    from: bigint | undefined,
    direction: 'forwards' | 'backwards',
    maxCount: number,
  ): Promise<AllStreamResolvedEvent[]> {
    const read = this.client.readAll({
      direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
      fromPosition:
        from !== undefined ? toReadPosition(from) : direction === 'forwards' ? START : END,
      maxCount,
    });
    const page: AllStreamResolvedEvent[] = [];
    for await (const resolved of read) page.push(resolved);
    return page;
  }

  private async positionOfRevision(streamId: string, revision: bigint): Promise<bigint> {
    const [event] = await this.readStream(streamId, { fromRevision: revision, maxCount: 1 });
    if (!event) throw new Error(`Event ${revision} of ${streamId} is missing after an append`);
    return event.position;
  }

  private async checkExpectedRevision(
    streamId: string,
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const last = await this.lastOf(streamId);
    const current = last?.event?.revision ?? null;
    const matches =
      expected === 'any' ||
      (expected === 'no_stream' && current === null) ||
      (expected === 'stream_exists' && current !== null) ||
      expected === current;
    if (!matches) throw new WrongExpectedVersionError(streamId, expected, current ?? 'no_stream');
    // What a caller waits for to see the stream as it is: its last event, not the log's head
    // (a read of $all backwards, in pages with bodies, past the server's own events).
    return { nextExpectedRevision: current ?? -1n, position: (last && rawPositionOf(last)) ?? 0n };
  }

  /** The stream's last event, read backwards from its end; null for no stream. */
  private async lastOf(streamId: string): Promise<ResolvedEvent | null> {
    const read = this.client.readStream(streamId, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    });
    try {
      for await (const resolved of read) return resolved;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    return null;
  }
}

function toEventData(event: EventToAppend): EventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    // JSON.stringify(undefined) is not JSON; the embedded store keeps such data as null too.
    data: (event.data ?? null) as JSONType,
    metadata: event.metadata as unknown as JSONType,
  });
}
