import { closeSync, fdatasync, fsync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/** Flushes a file's written data to the disk, on libuv's thread pool. */
export type Flush = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

/**
 * Makes the commits of a connection in WAL mode with `synchronous = normal` durable without
 * stopping its thread: SQLite writes each commit into the log (the page cache) and returns, and
 * `synced()` resolves once an fdatasync of the log on libuv's thread pool has taken in everything
 * written before it was asked. Commits made during a flush wait for the next, which covers them all
 * (group commit on the disk's side).
 *
 * The log's file is opened once, at the first sync: SQLite removes it only when its last connection
 * closes, so the descriptor stays the log's through checkpoints; its folder is synced then, as
 * SQLite does for a new log. Should a flush fail, the data it was to cover may be lost whatever a
 * later flush says, so every later sync fails with the same error, and the store must stop taking
 * writes.
 */
export class WalSync {
  private fd: number | null = null;
  private inFlight: Promise<void> | null = null;
  private waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private failure: Error | null = null;

  constructor(
    private readonly logFile: string,
    private readonly flush: Flush = fdatasync,
  ) {}

  /** Whether a flush is under way (later syncs wait for the next one). */
  get flushing(): boolean {
    return this.inFlight !== null;
  }

  /** The flush that failed, once one has: the writes it was to cover may be lost. */
  get failed(): Error | null {
    return this.failure;
  }

  /** Resolves once everything written to the log before this call is on the disk. */
  synced(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.inFlight) this.inFlight = this.flushWaiting();
    });
  }

  /** Waits for the syncs asked for, then lets the log's file go. */
  async close(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private async flushWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        if (this.failure) throw this.failure;
        await this.flushOnce();
        for (const waiter of batch) waiter.resolve();
      } catch (error) {
        this.failure ??= new Error(
          `The write-ahead log could not be flushed to the disk: ${(error as Error).message}`,
        );
        for (const waiter of batch) waiter.reject(this.failure);
      }
    }
    this.inFlight = null;
  }

  private async flushOnce(): Promise<void> {
    if (this.fd === null) {
      const fd = openSync(this.logFile, 'r+');
      try {
        await flushed(this.flush, fd);
        await syncFolder(dirname(this.logFile));
      } catch (error) {
        closeSync(fd);
        throw error;
      }
      this.fd = fd;
      return;
    }
    await flushed(this.flush, this.fd);
  }
}

function flushed(flush: Flush, fd: number): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    flush(fd, (error) => (error ? reject(error) : resolve())),
  );
}

async function syncFolder(folder: string): Promise<void> {
  const fd = openSync(folder, 'r');
  try {
    await flushed(fsync, fd);
  } finally {
    closeSync(fd);
  }
}
