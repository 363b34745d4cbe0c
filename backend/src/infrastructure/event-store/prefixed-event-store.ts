import type { RecordedEvent } from '../../domain/shared/event';
import type {
  AppendResult,
  EventHandler,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadAllPagesOptions,
  ReadStreamOptions,
  SubscribeToAllOptions,
  Subscription,
} from '../../application/ports/event-store.port';

/**
 * One app's streams under a prefix on a log that others write to as well
 * (`EVENTSTORE_STREAM_PREFIX`): every stream it names is the prefix and the name, and the log it
 * reads (`$all`, subscriptions, the head) holds only its own streams' events, with the names as
 * it gave them. Positions stay the log's. Meant for several apps or test runs on one server; each
 * read of the log walks the others' events too.
 */
export class PrefixedEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly prefix: string,
  ) {}

  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    return this.inner.appendToStream(this.prefix + streamId, events, options);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(this.prefix + streamId, options)).map((e) => this.own(e)!);
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    const last = await this.inner.readLastEvent(this.prefix + streamId);
    return last && this.own(last);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
    const events: RecordedEvent[] = [];
    for await (const page of this.readAllPages({ after: options.after, pageSize: 500 })) {
      for (const event of page) {
        events.push(event);
        if (events.length >= limit) return events;
      }
    }
    return events;
  }

  async *readAllPages(options: ReadAllPagesOptions): AsyncGenerator<RecordedEvent[]> {
    // The inner pages hold others' events too: pages of this app's alone, none of them empty.
    let page: RecordedEvent[] = [];
    for await (const inner of this.inner.readAllPages(options)) {
      for (const event of inner) {
        const own = this.own(event);
        if (!own) continue;
        page.push(own);
        if (page.length >= options.pageSize) {
          yield page;
          page = [];
        }
      }
    }
    if (page.length > 0) yield page;
  }

  async headPosition(): Promise<bigint | null> {
    let head: bigint | null = null;
    for await (const page of this.readAllPages({ pageSize: 500 })) {
      head = page[page.length - 1]!.position;
    }
    return head;
  }

  subscribeToAll(
    options: SubscribeToAllOptions,
    handler: EventHandler,
    onError?: (error: unknown) => void,
  ): Subscription {
    return this.inner.subscribeToAll(
      options,
      (event) => {
        const own = this.own(event);
        return own ? handler(own) : undefined;
      },
      onError,
    );
  }

  async scrubFreedSpace(): Promise<void> {
    await this.inner.scrubFreedSpace?.();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The event with its stream named as this app names it; null for another app's. */
  private own(event: RecordedEvent): RecordedEvent | null {
    if (!event.streamId.startsWith(this.prefix)) return null;
    return { ...event, streamId: event.streamId.slice(this.prefix.length) };
  }
}
