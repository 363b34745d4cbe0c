import type {
  ChangeStream,
  ChangeStreamDocument,
  ChangeStreamOptions,
  Document,
  ResumeToken,
} from 'mongodb';
import type { CheckpointListener } from '../../application/ports/read-store.port';
import type { CheckpointDocument } from './mongo-read-store.mapping';

/** What the feed uses of a change stream on `_checkpoints` (the driver's, or a test's). */
export type CheckpointChangeStream = Pick<
  ChangeStream<CheckpointDocument, ChangeStreamDocument<CheckpointDocument>>,
  'tryNext' | 'close' | 'resumeToken' | 'on'
>;

/** Opens a change stream on `_checkpoints` (`Collection.watch`). */
export type WatchCheckpoints = (
  pipeline: Document[],
  options: ChangeStreamOptions,
) => CheckpointChangeStream;

export interface MongoCheckpointFeedOptions {
  /** Pause before reopening after a failure (default 1 s). */
  retryDelayMs?: number;
  logger?: Pick<Console, 'warn'>;
}

/**
 * Only what moves a checkpoint, and only its position: a checkpoint is inserted by its first
 * commit, `$set` (position and sort key) by the next ones, and replaced by a rebuild's swap.
 * `_id` stays: it is the resume token.
 */
const PIPELINE: Document[] = [
  { $match: { operationType: { $in: ['insert', 'update', 'replace'] } } },
  {
    $project: {
      operationType: 1,
      documentKey: 1,
      'fullDocument.position': 1,
      'updateDescription.updatedFields.position': 1,
    },
  },
];

/**
 * The pushes behind `MongoReadStore.watchCheckpoint`: one change stream on `_checkpoints` per store
 * (so per process), opened at the first listener and kept until the store closes. It is read with
 * `tryNext`, a `getMore` the server holds open up to its await time (1 s), so an idle feed costs
 * one small command a second per process, however many requests wait. Listeners hear `live` once
 * the server opened the stream and after each reopen, `lost` when it fails. The driver resumes
 * after resumable errors (a failover); after any other failure the feed reopens after a pause, from
 * the last resume token, else from now, the listeners' read at `live` covering the gap. Change
 * streams need a replica set, which the transactions need anyway.
 */
export class MongoCheckpointFeed {
  private readonly listeners = new Map<string, Set<CheckpointListener>>();
  private readonly retryDelayMs: number;
  private readonly logger: Pick<Console, 'warn'>;
  private running: Promise<void> | null = null;
  private stream: CheckpointChangeStream | null = null;
  private resumeToken: ResumeToken | undefined;
  private live = false;
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly watch: WatchCheckpoints,
    options: MongoCheckpointFeedOptions = {},
  ) {
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.logger = options.logger ?? console;
  }

  /** Pushes the checkpoint `name`'s moves to `listener`; answers how to stop them. */
  follow(name: string, listener: CheckpointListener): () => void {
    let named = this.listeners.get(name);
    if (!named) {
      named = new Set();
      this.listeners.set(name, named);
    }
    named.add(listener);
    if (this.live) tell(listener, (it) => it.live());
    if (!this.running && !this.closed) this.running = this.run();
    return () => {
      named.delete(listener);
      if (named.size === 0 && this.listeners.get(name) === named) this.listeners.delete(name);
    };
  }

  /** Ends the change stream for good (the store is closing). */
  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.stream?.close().catch(() => undefined);
    await this.running;
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const resumedFrom = this.resumeToken;
      try {
        await this.followStream();
      } catch (error) {
        if (this.closed) return;
        // A token refused before the stream opened is not tried again: start over from now.
        if (!this.live && resumedFrom !== undefined) this.resumeToken = undefined;
        this.goDown(error);
        await this.pause();
      }
    }
  }

  private async followStream(): Promise<void> {
    const stream = this.watch(
      PIPELINE,
      this.resumeToken === undefined ? {} : { resumeAfter: this.resumeToken },
    );
    this.stream = stream;
    // The server answered the stream's opening: changes from here on will come.
    stream.on('resumeTokenChanged', () => this.goLive());
    try {
      while (!this.closed) {
        const change = await stream.tryNext();
        if (this.closed) return;
        this.goLive();
        this.resumeToken = stream.resumeToken ?? this.resumeToken;
        if (change) this.deliver(change);
      }
    } finally {
      this.stream = null;
      await stream.close().catch(() => undefined);
    }
  }

  private deliver(change: ChangeStreamDocument<CheckpointDocument>): void {
    const position =
      change.operationType === 'update'
        ? change.updateDescription.updatedFields?.position
        : change.operationType === 'insert' || change.operationType === 'replace'
          ? change.fullDocument?.position
          : undefined;
    if (typeof position !== 'string' || !('documentKey' in change)) return;
    const named = this.listeners.get(String(change.documentKey._id));
    if (!named) return;
    let moved: bigint;
    try {
      moved = BigInt(position);
    } catch {
      return;
    }
    for (const listener of named) tell(listener, (it) => it.moved(moved));
  }

  private goLive(): void {
    if (this.live || this.closed) return;
    this.live = true;
    this.each((listener) => listener.live());
  }

  private goDown(error: unknown): void {
    // Listeners not told it is live poll already.
    if (!this.live) return;
    this.live = false;
    this.logger.warn(
      `The checkpoints' change stream failed; waits poll until it reopens: ${messageOf(error)}`,
    );
    this.each((listener) => listener.lost(error));
  }

  private pause(): Promise<void> {
    return new Promise((resume) => {
      const timer = setTimeout(done, this.retryDelayMs);
      function done() {
        clearTimeout(timer);
        resume();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }

  private each(call: (listener: CheckpointListener) => void): void {
    for (const named of this.listeners.values()) {
      for (const listener of named) tell(listener, call);
    }
  }
}

/** A listener that throws does not stop the feed or the other listeners. */
function tell(listener: CheckpointListener, call: (listener: CheckpointListener) => void): void {
  try {
    call(listener);
  } catch {
    // The listener's own business.
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
