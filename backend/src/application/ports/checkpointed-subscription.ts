import { AsyncResource } from 'node:async_hooks';
import type { RecordedEvent } from '../../domain/shared/event';
import type { EventStore, Subscription } from './event-store.port';
import type { CommitOptions, ReadModelWrite, ReadStore } from './read-store.port';

/**
 * A stored position "before the first event": recorded for a log that was empty when a
 * subscriber first chose to start at its head.
 */
export const BEFORE_FIRST_EVENT = -1n;

/** Where a subscriber keeps how far it has read the log. */
export interface SubscriptionCheckpoint {
  /** Its name in the store, which also names the subscriber in the metrics. */
  name?: string;
  /** The position stored last (`BEFORE_FIRST_EVENT` for an empty log), or null: none yet. */
  load(): Promise<bigint | null>;
  /** Stores `position` with `writes` (read-model changes), in one atomic commit. */
  save(position: bigint, writes: readonly ReadModelWrite[]): Promise<void>;
}

/**
 * A checkpoint kept in the read store, committed together with the handler's writes (with
 * `options`: a handler whose documents are built for the commit alone hands them over).
 */
export function readStoreCheckpoint(
  readStore: ReadStore,
  name: string,
  options?: CommitOptions,
): SubscriptionCheckpoint {
  return {
    name,
    load: () => readStore.getCheckpoint(name),
    save: (position, writes) => readStore.commit(writes, { name, position }, options),
  };
}

/** How far a subscriber has read the log: its lag behind the head, in the metrics. */
export interface SubscriberProgress {
  /** Its checkpoint's name (else its own, in kebab case), e.g. `reactor:notifications`. */
  readonly subscriber: string;
  readonly running: boolean;
  readonly handledThrough: bigint | null;
}

/**
 * Handles a batch of events in log order. Answers the read-model writes to commit with the
 * checkpoint at the batch's last event (an empty list saves the checkpoint alone), or null when
 * nothing needs saving yet (the checkpoint then moves every `saveEvery` events).
 */
export type BatchHandler = (
  events: readonly RecordedEvent[],
) => Promise<readonly ReadModelWrite[] | null>;

export interface CheckpointedSubscriptionOptions {
  /** Names the subscriber in the log. */
  name: string;
  checkpoint: SubscriptionCheckpoint;
  /**
   * Where a subscriber without a stored position begins: the log's first event, or its head
   * (for reactors to which history is not news).
   */
  from: 'start' | 'head';
  /** With `from: 'head'`: store the head at once, so a restart begins where the first start did. */
  recordHead?: boolean;
  /** Events handed over at once at most (default 1: one at a time). */
  batchSize?: number;
  /** Events handled without a save between two saves (default 500). */
  saveEvery?: number;
  /** Pause before resuming from the checkpoint after a failure (default 1 s). */
  retryDelayMs?: number;
  logger?: Pick<Console, 'error'>;
}

/**
 * The one way work follows the log: the projection runner and every reactor read `$all` through it.
 * It commits the checkpoint with the handler's writes, resumes from the stored checkpoint after any
 * failure, and hands events over in order, singly or in the batches the subscription delivered.
 * Work that must not run between two batches (a sweep that writes with the checkpoint) takes its
 * turn with `exclusive`. Which process runs it is the lease's business (`LeasedProjections`).
 */
export class CheckpointedSubscription implements SubscriberProgress {
  private readonly batchSize: number;
  private readonly saveEvery: number;
  private readonly retryDelayMs: number;
  private readonly logger: Pick<Console, 'error'>;
  private subscription: Subscription | null = null;
  private pending: RecordedEvent[] = [];
  private flushScheduled = false;
  /** The batches (and exclusive work) in turn; a failed batch fails the ones after it. */
  private flushing: Promise<void> = Promise.resolve();
  private stopped = true;
  private restartTimer: NodeJS.Timeout | null = null;
  private retiring: Promise<unknown> = Promise.resolve();
  private saved: bigint | null = null;
  private handled: bigint | null = null;
  private sinceSave = 0;
  private waiters: { position: bigint; resolve: (reached: boolean) => void }[] = [];
  /**
   * `flushNow` in the subscription's own async context, for a waiter that hurries the flush:
   * the batch is the subscriber's work, not the waiting request's (its logs and its counted
   * store round trips stay out of that request's).
   */
  private readonly flushNowAsSubscriber = AsyncResource.bind(() => this.flushNow());

  constructor(
    private readonly eventStore: EventStore,
    private readonly handle: BatchHandler,
    private readonly options: CheckpointedSubscriptionOptions,
  ) {
    this.batchSize = options.batchSize ?? 1;
    this.saveEvery = options.saveEvery ?? 500;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.logger = options.logger ?? console;
  }

  get subscriber(): string {
    return (
      this.options.checkpoint.name ?? this.options.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    );
  }

  /** The position the stored checkpoint has reached, or null before any. */
  get position(): bigint | null {
    return this.saved;
  }

  /** The last event handled (its effects done; its checkpoint perhaps not yet saved). */
  get handledThrough(): bigint | null {
    return this.handled;
  }

  get running(): boolean {
    return !this.stopped;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.subscribe();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    await this.subscription?.stop();
    this.subscription = null;
    await this.retiring;
    await this.flushing.catch(() => undefined);
    await this.saveHandled();
    // Leave nothing behind that would poison a later start: a failed batch or queued events.
    this.flushing = Promise.resolve();
    this.pending = [];
    for (const waiter of this.waiters.splice(0)) waiter.resolve(false);
  }

  /**
   * On a clean stop, stores the position of events handled since the last save (batches that
   * asked for none), so the next start does not hand them over again.
   */
  private async saveHandled(): Promise<void> {
    const handled = this.handled;
    if (handled === null || (this.saved !== null && this.saved >= handled)) return;
    try {
      await this.options.checkpoint.save(handled, []);
      this.saved = handled;
      this.sinceSave = 0;
    } catch (error) {
      // Not fatal: the next start hands those events over again, as after a crash.
      this.logger.error(`${this.options.name} could not store its checkpoint on stop`, error);
    }
  }

  /** A position stored by other means (a rebuild), taken as reached while stopped. */
  markSaved(position: bigint): void {
    this.saved = position;
    this.handled = position;
  }

  /**
   * A position stored by other means while running (an online rebuild's swap, run as
   * `exclusive` work): taken as reached, waiters up to it are answered, and events up to it
   * that are queued or still to come are not handed over again.
   */
  advanceTo(position: bigint): void {
    if (this.handled !== null && this.handled >= position) return;
    this.markSaved(position);
    this.sinceSave = 0;
    const [reached, waiting] = partition(this.waiters, (w) => w.position <= position);
    this.waiters = waiting;
    for (const waiter of reached) waiter.resolve(true);
  }

  /**
   * Resolves true once the event at `position` has been handled, or false after `timeoutMs`
   * (read-your-writes: the caller answers anyway).
   */
  waitForPosition(position: bigint, timeoutMs = 3000): Promise<boolean> {
    if (this.handled !== null && this.handled >= position) return Promise.resolve(true);
    // Already queued: handled now rather than after the next turn of the event loop, which on a
    // busy server runs every request that arrived meanwhile first.
    const queued = this.pending.at(-1)?.position;
    if (queued !== undefined && queued >= position) this.flushNowAsSubscriber();
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: (reached: boolean) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Runs `work` between two batches, never beside one. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const before = this.flushing;
    const run = before.catch(() => undefined).then(work);
    // An earlier failure still fails the batches that follow, until the restart.
    this.flushing = run.then(
      () => before,
      () => before,
    );
    return run;
  }

  private async subscribe(): Promise<void> {
    let after = await this.options.checkpoint.load();
    this.saved = after;
    if (after === null && this.options.from === 'head') {
      after = (await this.eventStore.headPosition()) ?? BEFORE_FIRST_EVENT;
      if (this.options.recordHead) {
        await this.options.checkpoint.save(after, []);
        this.saved = after;
      }
    }
    if (after !== null && (this.handled === null || this.handled < after)) this.handled = after;
    this.sinceSave = 0;
    this.subscription = this.eventStore.subscribeToAll(
      { after: after === null || after === BEFORE_FIRST_EVENT ? undefined : after },
      (event) => this.enqueue(event),
      (error) => this.recover(error),
    );
  }

  private async enqueue(event: RecordedEvent): Promise<void> {
    this.pending.push(event);
    // A full batch, or an event someone waits for (read-your-writes): handled at once.
    if (this.pending.length >= this.batchSize || this.awaited(event.position)) {
      await this.flush();
    } else if (!this.flushScheduled) {
      this.flushScheduled = true;
      // The subscription hands over a page of events without yielding to the event loop, so
      // the flush runs once that page is queued and handles it as one batch.
      setImmediate(() => {
        this.flushScheduled = false;
        this.flushNow();
      });
    }
  }

  private awaited(position: bigint): boolean {
    return this.waiters.some((waiter) => waiter.position <= position);
  }

  /** Flushes the queued events without waiting for the scheduled flush. */
  private flushNow(): void {
    this.flush().catch((error: unknown) => this.recover(error));
  }

  private flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.pending.splice(0);
      if (batch.length > 0) await this.handleBatch(batch);
    });
    return this.flushing;
  }

  private async handleBatch(all: readonly RecordedEvent[]): Promise<void> {
    // Events reached by other means meanwhile (`advanceTo`) are not handed over again.
    const through = this.handled;
    const batch =
      through === null || all[0].position > through
        ? all
        : all.filter((event) => event.position > through);
    if (batch.length === 0) return;
    const writes = await this.handle(batch);
    const last = batch[batch.length - 1].position;
    this.sinceSave += batch.length;
    if (writes !== null || this.sinceSave >= this.saveEvery) {
      await this.options.checkpoint.save(last, writes ?? []);
      this.saved = last;
      this.sinceSave = 0;
    }
    this.handled = last;
    const [reached, waiting] = partition(this.waiters, (w) => w.position <= last);
    this.waiters = waiting;
    for (const waiter of reached) waiter.resolve(true);
  }

  /** A failed batch, commit or subscription: start over from the stored checkpoint. */
  private recover(error: unknown) {
    if (this.stopped || this.restartTimer) return;
    this.logger.error(
      `${this.options.name} stopped by an error; resuming from its checkpoint`,
      error,
    );
    // Retire the failed subscription at once: left running, it would keep feeding events that
    // the next subscription delivers again.
    const subscription = this.subscription;
    this.subscription = null;
    this.retiring = Promise.all([this.retiring, subscription?.stop().catch(() => undefined)]);
    this.pending = [];
    this.restartTimer = setTimeout(() => {
      void (async () => {
        await this.retiring;
        await this.flushing.catch(() => undefined);
        this.flushing = Promise.resolve();
        this.pending = [];
        this.restartTimer = null;
        if (this.stopped) return;
        this.handled = null;
        await this.subscribe();
      })().catch((failure: unknown) => this.recover(failure));
    }, this.retryDelayMs);
  }
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}
