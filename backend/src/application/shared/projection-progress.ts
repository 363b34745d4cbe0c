import { AsyncResource } from 'node:async_hooks';
import type { CheckpointListener, ReadStore } from '../ports/read-store.port';

export const PROJECTION_PROGRESS = Symbol('ProjectionProgress');

/** The projections running in this process, as far as waiting for them goes. */
export interface RunningProjections {
  /** Position of the last event whose changes are committed, or null before any. */
  readonly position: bigint | null;
  waitForPosition(position: bigint, timeoutMs?: number): Promise<boolean>;
}

/**
 * How often the one watcher of a process without the projections reads their checkpoint: often
 * enough that a wait ends soon after the projections catch up, seldom enough to cost little.
 */
const POLL_MS = 15;

/**
 * Read-your-writes: the api waits, bounded, until the read models include a command's last event.
 * The projecting process is told at once; any other (an api replica) shares one watcher of the
 * stored checkpoint, which follows the read store's pushes where it has them (a MongoDB change
 * stream) and otherwise polls every `POLL_MS` while someone waits, so a wait costs no store round
 * trip of its own however many wait.
 */
export class ProjectionProgress {
  private readonly watcher: CheckpointWatcher;

  constructor(
    /** The runner while this process projects (holds the lease); null otherwise. */
    private readonly activeRunner: () => RunningProjections | null,
    readStore: Pick<ReadStore, 'getCheckpoint' | 'watchCheckpoint'>,
    checkpointName = 'read-models',
    pollMs = POLL_MS,
  ) {
    const watch = readStore.watchCheckpoint?.bind(readStore);
    this.watcher = new CheckpointWatcher(
      () => readStore.getCheckpoint(checkpointName),
      pollMs,
      undefined,
      watch && ((listener) => watch(checkpointName, listener)),
    );
  }

  /**
   * How far the read models are: the position of the last projected event (null before any).
   * Answers computed from the read models stay right while it does not move.
   */
  async current(): Promise<bigint | null> {
    const runner = this.activeRunner();
    return runner ? runner.position : this.watcher.current();
  }

  async waitFor(position: bigint | null, timeoutMs = 3000): Promise<boolean> {
    if (position === null) return true;
    const runner = this.activeRunner();
    if (runner) return runner.waitForPosition(position, timeoutMs);
    return this.watcher.waitFor(position, timeoutMs);
  }
}

interface Waiter {
  position: bigint;
  resolve: (reached: boolean) => void;
}

/** Pushes of one checkpoint's moves (see `ReadStore.watchCheckpoint`); answers how to stop them. */
export type CheckpointFeed = (listener: CheckpointListener) => () => void;

/**
 * One reader of a checkpoint for the whole process. Checkpoints only move forward, so a position it
 * has seen answers every wait for an earlier one, and a read less than one poll old answers
 * `current` for everyone meanwhile. With a feed, once it is live and one read after that succeeded
 * (`pushed`), the pushes keep it up to date with no reads; while the feed is lost it polls for
 * whoever waits.
 */
export class CheckpointWatcher {
  private known: bigint | null = null;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<bigint | null> | null = null;
  private waiters: Waiter[] = [];
  private polling = false;
  /** The feed says pushes flow (it may still need the read that follows). */
  private feedLive = false;
  /** Pushes flow and a read taken since they began has succeeded: what it knows is current. */
  private pushed = false;
  /** Counts the feed's changes of state: a read that began in an earlier one proves nothing. */
  private feedTurn = 0;
  private unsubscribe: (() => void) | null = null;
  /**
   * The poll and the feed run in the watcher's own async context, not in that of the request
   * that happened to wait first: their reads are the process's, not that request's (its logs,
   * its round trips).
   */
  private readonly startPolling = AsyncResource.bind(() => this.poll());
  private readonly subscribe = AsyncResource.bind(() => this.openFeed());

  constructor(
    private readonly read: () => Promise<bigint | null>,
    private readonly pollMs: number,
    private readonly now: () => number = () => performance.now(),
    private readonly feed?: CheckpointFeed,
  ) {}

  /** The checkpoint as pushed, else as last read, read again when that was a poll or more ago. */
  async current(): Promise<bigint | null> {
    this.follow();
    if (this.pushed || this.now() - this.readAt < this.pollMs) return this.known;
    return this.readOnce();
  }

  /** Resolves true once the checkpoint has reached `position`, false after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean> {
    this.follow();
    if (this.known !== null && this.known >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve: (reached) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
      this.pollWhileNeeded();
    });
  }

  /** Stops following the feed (the store's close ends it for good). */
  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private follow(): void {
    if (this.feed && !this.unsubscribe) this.subscribe();
  }

  private openFeed(): void {
    if (!this.feed || this.unsubscribe) return;
    this.unsubscribe = this.feed({
      live: () => {
        this.feedTurn += 1;
        this.feedLive = true;
        this.pushed = false;
        // A read under way began before the pushes: the catch-up read must be a fresh one.
        this.reading = null;
        this.readOnce().catch(() => {
          // The poll goes on for whoever waits, and its next read completes the catch-up.
        });
      },
      moved: (position) => this.learn(position),
      lost: () => {
        this.feedTurn += 1;
        this.feedLive = false;
        this.pushed = false;
        this.pollWhileNeeded();
      },
    });
  }

  private pollWhileNeeded(): void {
    if (this.waiters.length > 0 && !this.pushed && !this.polling) {
      this.polling = true;
      this.startPolling();
    }
  }

  private poll(): void {
    void (async () => {
      try {
        while (this.waiters.length > 0 && !this.pushed) {
          try {
            await this.readOnce();
          } catch {
            // A failed read is tried again at the next poll; the waiters' own timeouts bound it.
          }
          if (this.waiters.length > 0 && !this.pushed) {
            await new Promise((done) => setTimeout(done, this.pollMs));
          }
        }
      } finally {
        this.polling = false;
      }
    })();
  }

  /** One read of the checkpoint, shared by every caller while it is under way. */
  private readOnce(): Promise<bigint | null> {
    if (this.reading) return this.reading;
    const turn = this.feedTurn;
    const reading = this.read()
      .then((checkpoint) => {
        this.readAt = this.now();
        if (this.feedLive && turn === this.feedTurn) this.pushed = true;
        if (checkpoint !== null) this.learn(checkpoint);
        return this.known;
      })
      .finally(() => {
        if (this.reading === reading) this.reading = null;
      });
    this.reading = reading;
    return reading;
  }

  /** Takes in a position read or pushed, and answers the waiters it reaches. */
  private learn(position: bigint): void {
    if (this.known === null || position > this.known) this.known = position;
    this.release();
  }

  /** Answers the waiters whose position the checkpoint has reached. */
  private release(): void {
    const known = this.known;
    if (known === null) return;
    const reached = this.waiters.filter((waiter) => waiter.position <= known);
    if (reached.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => waiter.position > known);
    for (const waiter of reached) waiter.resolve(true);
  }
}
