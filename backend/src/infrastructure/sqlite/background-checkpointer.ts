import { Worker } from 'node:worker_threads';

/**
 * Commits between two checkpoints asked of the background connection. Each checkpoint costs two
 * fsyncs that the appends' flushes wait behind: one writer (about 7 pages a commit) was a fifth
 * slower checkpointing every 8 commits, and as fast every 64 as every 1,000 pages (bench README,
 * "Tunings kept or dropped"). Commits of many pages reach the page fallback sooner (64 writers:
 * about 2,900 pages between checkpoints).
 */
export const CHECKPOINT_EVERY_COMMITS = 64;

/** How often a checkpoint is asked for. */
export interface CheckpointCadence {
  /** Commits since the last one (default CHECKPOINT_EVERY_COMMITS). */
  commits?: number;
}

/**
 * Pages of the write-ahead log after which a commit checkpoints on its own connection: the
 * fallback should the background connection fall behind, or a few commits write thousands of
 * pages (SQLite's default is 1000 pages).
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * Pages of the write-ahead log from which the writing connection copies the rest itself. SQLite
 * starts the log over from its beginning only when a write begins with every page of it copied,
 * and writes go on while the worker copies: without this, the log would only ever grow.
 */
export const CATCH_UP_FROM_PAGES = 4_000;

/** The worker: its own connection to the file, a PASSIVE checkpoint per message. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = ' + workerData.synchronous);
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [copied] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ pages: copied.log });
  } catch (error) {
    parentPort.postMessage(String(error && error.message));
  }
});
`;

/**
 * Copies a SQLite file's write-ahead log into the file on a worker thread's connection, so the
 * writing thread only writes the log and never stops inside a commit to copy thousands of pages and
 * wait for their fsync. A PASSIVE checkpoint never blocks a writer, and copies only committed log:
 * no answered commit depends on it.
 */
export class BackgroundCheckpointer {
  private worker: Worker | null = null;
  private running = false;
  private catchUp = false;
  private commits = 0;
  private closed = false;
  private readonly everyCommits: number;

  constructor(
    private readonly file: string,
    private readonly synchronous: 'full' | 'normal',
    private readonly onError: (message: string) => void,
    cadence: CheckpointCadence = {},
  ) {
    this.everyCommits = cadence.commits ?? CHECKPOINT_EVERY_COMMITS;
  }

  /**
   * Whether the writing connection should copy what is left of a long log before its next
   * commit (a PASSIVE checkpoint of the pages written since the worker's began), so that the
   * commit starts the log over. Asked once per commit; true only while the worker is idle.
   */
  takeCatchUp(): boolean {
    if (!this.catchUp || this.running) return false;
    this.catchUp = false;
    return true;
  }

  /**
   * Called after each commit: once the cadence's commits have been made since the last
   * checkpoint asked for, a checkpoint unless one is under way (then the next commit asks).
   */
  committed(): void {
    this.commits += 1;
    if (this.closed || this.running || this.commits < this.everyCommits) return;
    this.commits = 0;
    this.running = true;
    this.start().postMessage('checkpoint');
  }

  /** Lets the worker's connection go for good. */
  async close(): Promise<void> {
    this.closed = true;
    await this.release();
  }

  /**
   * Closes the worker's connection now, for a write that wants the file to itself (leaving WAL
   * mode needs every other connection closed); the next checkpoint asked for opens another.
   */
  async release(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // Waited for: the process stays up until the worker's connection is closed.
    worker.ref();
    worker.postMessage('close');
    await exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: require.resolve('better-sqlite3'),
        file: this.file,
        synchronous: this.synchronous,
      },
    });
    worker.on('message', (message: { pages: number } | string) => {
      this.running = false;
      if (typeof message === 'string') this.onError(message);
      else if (message.pages >= CATCH_UP_FROM_PAGES) this.catchUp = true;
    });
    worker.on('error', (error) => this.onError(error.message));
    // A worker that died is replaced at the next checkpoint (the fallback covers the meantime).
    worker.on('exit', () => {
      this.running = false;
      if (this.worker === worker) this.worker = null;
    });
    // Never what keeps the process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
