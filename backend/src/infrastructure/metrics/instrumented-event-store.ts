import {
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  WrongExpectedVersionError,
} from '../../application/ports/event-store.port';
import type { AppendOutcome } from './app-metrics';

/** What the decorator reports; `AppMetrics` in the app, a recorder in tests. */
export interface AppendMetrics {
  eventsAppendedTo(category: string, count: number): void;
  appendTook(category: string, outcome: AppendOutcome, seconds: number): void;
}

/** Distinct categories kept as labels at most; past it (a stream naming bug), `other`. */
const MAX_CATEGORIES = 64;

/**
 * The event store port with its appends counted and timed, around whichever adapter was chosen, so
 * both report the same way. Events are counted by stream category (`post-…` → `post`): ids never
 * become labels. An idempotent repeat counts as what was asked (the store cannot tell it from a
 * first append).
 */
export class InstrumentedEventStore implements EventStore {
  private readonly categories = new Set<string>();

  constructor(
    private readonly inner: EventStore,
    private readonly metrics: AppendMetrics,
    private readonly now: () => bigint = () => process.hrtime.bigint(),
  ) {
    if (inner.scrubFreedSpace) this.scrubFreedSpace = () => inner.scrubFreedSpace!();
  }

  scrubFreedSpace?: () => Promise<void>;

  async appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options?: { expectedRevision?: ExpectedRevision },
  ) {
    const category = this.categoryOf(streamId);
    const started = this.now();
    const took = () => Number(this.now() - started) / 1e9;
    try {
      const result = await this.inner.appendToStream(streamId, events, options);
      this.metrics.appendTook(category, 'ok', took());
      if (events.length > 0) this.metrics.eventsAppendedTo(category, events.length);
      return result;
    } catch (error) {
      const outcome = error instanceof WrongExpectedVersionError ? 'conflict' : 'error';
      this.metrics.appendTook(category, outcome, took());
      throw error;
    }
  }

  readStream: EventStore['readStream'] = (streamId, options) =>
    this.inner.readStream(streamId, options);

  readLastEvent: EventStore['readLastEvent'] = (streamId) => this.inner.readLastEvent(streamId);

  readAll: EventStore['readAll'] = (options) => this.inner.readAll(options);

  readAllPages: EventStore['readAllPages'] = (options) => this.inner.readAllPages(options);

  headPosition: EventStore['headPosition'] = () => this.inner.headPosition();

  subscribeToAll: EventStore['subscribeToAll'] = (options, handler, onError) =>
    this.inner.subscribeToAll(options, handler, onError);

  close: EventStore['close'] = () => this.inner.close();

  private categoryOf(streamId: string): string {
    const match = /^([a-z][a-z0-9_]{0,31})(?:-|$)/i.exec(streamId);
    const category = match ? match[1].toLowerCase() : 'other';
    if (this.categories.has(category)) return category;
    if (this.categories.size >= MAX_CATEGORIES) return 'other';
    this.categories.add(category);
    return category;
  }
}
