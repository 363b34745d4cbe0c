import { AsyncResource } from 'node:async_hooks';
import type { ReadStore } from '../ports/read-store.port';

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
 * Read-your-writes: the api waits, bounded, until the read models include a command's last
 * event before it answers. In the process that runs the projections it is told at once. Any
 * other process (an api replica) has one watcher of the checkpoint that the projecting worker
 * stores, shared by every waiting request: it reads the checkpoint once a poll (`POLL_MS`) while
 * someone waits, and not at all otherwise, so a wait costs no store round trip of its own however
 * many requests wait at once.
 */
export class ProjectionProgress {
  private readonly watcher: CheckpointWatcher;

  constructor(
    /** The runner while this process projects (holds the lease); null otherwise. */
    private readonly activeRunner: () => RunningProjections | null,
    readStore: Pick<ReadStore, 'getCheckpoint'>,
    checkpointName = 'read-models',
    pollMs = POLL_MS,
  ) {
    this.watcher = new CheckpointWatcher(() => readStore.getCheckpoint(checkpointName), pollMs);
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

/**
 * One reader of a checkpoint for the whole process. Checkpoints only move forward, so a
 * position it has seen answers every wait for an earlier one without a read, and a read taken
 * less than one poll ago answers `current` for everyone who asks meanwhile.
 */
export class CheckpointWatcher {
  private known: bigint | null = null;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<bigint | null> | null = null;
  private waiters: Waiter[] = [];
  private polling = false;
  /**
   * The poll runs in the watcher's own async context, not in that of the request that happened
   * to wait first: its reads are the process's, not that request's (its logs, its round trips).
   */
  private readonly startPolling = AsyncResource.bind(() => this.poll());

  constructor(
    private readonly read: () => Promise<bigint | null>,
    private readonly pollMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The checkpoint as last read, read again when that was a poll or more ago. */
  async current(): Promise<bigint | null> {
    if (this.now() - this.readAt < this.pollMs) return this.known;
    return this.readOnce();
  }

  /** Resolves true once the checkpoint has reached `position`, false after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean> {
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
      if (!this.polling) {
        this.polling = true;
        this.startPolling();
      }
    });
  }

  private poll(): void {
    void (async () => {
      try {
        while (this.waiters.length > 0) {
          try {
            await this.readOnce();
          } catch {
            // A failed read is tried again at the next poll; the waiters' own timeouts bound it.
          }
          if (this.waiters.length > 0) await new Promise((done) => setTimeout(done, this.pollMs));
        }
      } finally {
        this.polling = false;
      }
    })();
  }

  /** One read of the checkpoint, shared by every caller while it is under way. */
  private readOnce(): Promise<bigint | null> {
    this.reading ??= this.read()
      .then((checkpoint) => {
        this.readAt = this.now();
        if (checkpoint !== null && (this.known === null || checkpoint > this.known)) {
          this.known = checkpoint;
        }
        this.release();
        return this.known;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
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
