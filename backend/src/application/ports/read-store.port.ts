/**
 * The read store port: read models in MongoDB's document model and query dialect.
 * Only projections write read models, through `commit`, which stores the documents and the
 * projection checkpoint in one atomic write. Queries use the MongoDB filter and sort syntax
 * (the embedded adapter translates them to SQL for SQLite, and tests with mingo what SQL cannot
 * decide).
 */

import type { IndexSpec, ReadDocument, Sort } from '../../projections/read-model';
import type { BatchReads, BatchResults, BoundedCount } from './read-batch';
import type { CountOptions, Filter, FindOptions } from './read-queries';

export const READ_STORE = Symbol('ReadStore');

/**
 * The largest document a read model may hold, in bytes (MongoDB's BSON limit, 16 MiB; the
 * embedded store counts the document's JSON). A commit with a larger one is refused whole
 * (`DocumentTooLargeError`) by both stores: a read model that could grow past it is split.
 */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

export class DocumentTooLargeError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(
      `The document ${id} of ${collection} is over the ${MAX_DOCUMENT_BYTES} bytes a store takes`,
    );
    this.name = 'DocumentTooLargeError';
  }
}

/**
 * A batch of reads (`readMany`) whose documents come to more than `MAX_DOCUMENT_BYTES`: MongoDB
 * answers a batch as one document, which cannot be larger, and both stores refuse it alike. A
 * batch holds pages and single documents, never a whole collection.
 */
export class AnswerTooLargeError extends Error {
  /** `bytes`: what the store counted before it stopped, where it counts (null: the server's). */
  constructor(readonly bytes: number | null) {
    super(`A batch of reads answered over the ${MAX_DOCUMENT_BYTES} bytes a store takes`);
    this.name = 'AnswerTooLargeError';
  }
}

export type { IndexSpec, ReadDocument, Sort } from '../../projections/read-model';

export type { CountOptions, Filter, FindOptions } from './read-queries';

export type ReadModelWrite =
  | { kind: 'upsert'; collection: string; document: ReadDocument }
  | { kind: 'delete'; collection: string; id: string };

export interface CommitOptions {
  /**
   * A large write into emptied read models (a rebuild itself goes through `beginRebuild`,
   * `writeRebuild` and `swapIn`): a store may split it into transactions of a size it can take
   * (the checkpoint moves with the last).
   */
  bulk?: boolean;
}

/** Documents a query answers are the caller's: changing one changes nothing stored. */
export interface ReadStore {
  findOne<T extends ReadDocument>(collection: string, filter: Filter): Promise<T | null>;
  find<T extends ReadDocument>(
    collection: string,
    filter: Filter,
    options?: FindOptions,
  ): Promise<T[]>;
  /**
   * How many documents match; with `after` (and `sort`), only those strictly after that
   * position, as `find` would page them (a post's rank is how many come before it).
   */
  count(collection: string, filter: Filter, options?: CountOptions): Promise<number>;
  /**
   * For each position (a value for every `sort` key and `_id`, as `after` takes it), how many
   * documents matching `filter` come strictly before it in `sort` order (then `_id`): the ranks
   * of a page's posts on a whole board, in one query whatever the number of positions.
   */
  countBefore(
    collection: string,
    filter: Filter,
    sort: Sort,
    positions: readonly Record<string, unknown>[],
  ): Promise<number[]>;

  /**
   * Several reads in one round trip, answered under the names they were given. MongoDB runs
   * them as one aggregation (`$documents`, then an uncorrelated `$lookup` per read, whose
   * `$match` walks the collection's indexes as a query would); its answer is one document,
   * within MongoDB's document size limit, so a batch holds pages and single documents, never a
   * whole collection. The reads are not one snapshot: each sees the store as a query of its own would.
   */
  readMany<Reads extends BatchReads>(reads: Reads): Promise<BatchResults<Reads>>;

  /**
   * Declares the indexes of a collection (idempotent; called at start for every projection).
   * Indexes survive `dropReadModels`: the collection is rebuilt into them.
   */
  ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void>;

  /**
   * Applies projected writes and moves the named checkpoint to `position`, atomically. Every
   * adapter holds the same rules:
   * - a position is an event's (0 or more) or `BEFORE_FIRST_EVENT` (-1: a log empty when its reader
   *   started at its head); any other is refused;
   * - at the stored position (a reactor's writes between events, a batch written again) the writes
   *   apply and the checkpoint stays;
   * - behind it (a stale worker's) nothing is applied, silently.
   */
  commit(
    writes: readonly ReadModelWrite[],
    checkpoint: { name: string; position: bigint },
    options?: CommitOptions,
  ): Promise<void>;
  getCheckpoint(name: string): Promise<bigint | null>;

  /**
   * Drops every read model collection and checkpoint (for a rebuild from the log), except those
   * `keep` names (a rebuild's just swapped in, when the rest is reset after it).
   */
  dropReadModels(keep?: KeptReadModels): Promise<void>;

  /**
   * Starts a rebuild beside the live read models: a fresh, empty copy of each collection named,
   * with the indexes given (MongoDB: the next generation's `<collection>__g<N>`; the embedded
   * store: a second table of its file per collection). A copy left by an interrupted rebuild is discarded first. Readers and commits keep
   * using the live collections until `swapIn`.
   */
  beginRebuild(models: readonly RebuiltReadModel[], options?: RebuildOptions): Promise<void>;
  /**
   * Writes into the fresh copies begun (never the live collections), in batches of a size the
   * store takes and outside any transaction, with no checkpoint: nothing is live before
   * `swapIn`. The documents are handed over (the caller never reads or changes them again).
   */
  writeRebuild(writes: readonly ReadModelWrite[]): Promise<void>;
  /**
   * The documents of a fresh copy begun (`beginRebuild`) as written so far, by id (null: none
   * there): an online rebuild's catch-up projects the events after its replay onto them.
   */
  readRebuilt(
    collection: string,
    ids: readonly string[],
  ): Promise<Map<string, ReadDocument | null>>;
  /**
   * Replaces each named live collection by its fresh copy and sets the given checkpoints, backwards
   * or forwards (null removes one); nothing else changes. One transaction (MongoDB: the generation
   * document, with the checkpoints), so no reader sees some read models swapped and others not, and
   * a swap cut short changes nothing. Run it with no commit to these collections under way.
   */
  swapIn(
    collections: readonly string[],
    checkpoints: readonly { name: string; position: bigint | null }[],
  ): Promise<void>;
  /** Discards the fresh copies of these collections; the live ones stay as they are. */
  abandonRebuild(collections: readonly string[]): Promise<void>;

  /**
   * Operational counters that are not read models (rate limits, ended sessions' marks):
   * atomically adds `by` (default one; negative to give back) to the counter `key` and answers
   * the new value. A new or expired counter starts from zero. The counter disappears after
   * `expiresAt`. It is stored before the answer, unless `options` says a crash may lose it.
   */
  increment(key: string, expiresAt: Date, by?: number, options?: IncrementOptions): Promise<number>;

  /** The current value of the counter `key`: 0 when it was never counted or has expired. */
  counter(key: string): Promise<number>;

  /**
   * Several counts at once (a rate limit's windows), in one round trip: adds `by` to each
   * counter whose value is below its `below`, or to every one without a `below`, and answers
   * in order whether each was counted; one at its bound is left as it is. Counts that a crash
   * may lose (`mayLoseOnCrash`): MongoDB stores them before answering all the same.
   */
  countWithin(counts: readonly BoundedCount[]): Promise<boolean[]>;

  /**
   * A named lease that one holder has at a time (the worker that runs the projections): taken
   * or renewed for `ttlMs` when it is free, expired, or already this holder's. Answers whether
   * `holder` has it now. Leases, like counters, survive a read model rebuild.
   */
  acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up at once if `holder` has it, so another can take over without waiting. */
  releaseLease(name: string, holder: string): Promise<void>;

  /**
   * After an erasure: makes what was deleted or overwritten unreadable in the store's files at
   * once (the embedded SQLite stores checkpoint and empty their write-ahead log; freed pages are
   * overwritten as they are freed). Absent where the server keeps its own files (MongoDB,
   * EventStoreDB: encrypted volumes, see docs/privacy.md).
   */
  scrubFreedSpace?(): Promise<void>;

  /**
   * Pushes the named checkpoint's new positions as the store records them, for a process that
   * waits on projections another process runs. Optional: where it is absent (the embedded store,
   * which lives in one process) a waiter reads the checkpoint instead. MongoDB: one change stream
   * on the checkpoints per store, opened at the first call, reopened after an error. Answers a
   * function that stops the pushes to `listener`.
   */
  watchCheckpoint?(name: string, listener: CheckpointListener): () => void;

  close(): Promise<void>;
}

/** What `ReadStore.watchCheckpoint` tells its listener. */
export interface CheckpointListener {
  /**
   * Pushes flow from now on: every move after this call is pushed. Called when the feed opens
   * and again each time it reopens; a listener reads the checkpoint once then, for the moves it
   * may have missed meanwhile.
   */
  live(): void;
  /** The checkpoint was stored at `position` (it may go back, with a rebuild's swap). */
  moved(position: bigint): void;
  /** Pushes stopped (the feed failed; it reopens by itself): poll until `live` again. */
  lost(error: unknown): void;
}

/** Read models and checkpoints that `dropReadModels` leaves as they are. */
export interface KeptReadModels {
  collections: readonly string[];
  checkpoints: readonly string[];
}

export interface RebuildOptions {
  /**
   * Nothing is served while the copies are written (the offline rebuild), and `writeRebuild`
   * names each document once, by an upsert: a store may build their indexes once, after the last
   * write, instead of keeping them as each row lands (a document written twice fails the swap).
   */
  offline?: boolean;
}

/** A read model a rebuild builds: its collection and the indexes the fresh copy gets. */
export interface RebuiltReadModel {
  collection: string;
  indexes: readonly IndexSpec[];
}

/** How an operational counter's increment is kept. */
export interface IncrementOptions {
  /**
   * A count that a crash of the process may take back (a rate limit's, after which a member may
   * repeat a write a few more times): the embedded store answers it from memory and writes it to
   * its file within a second. MongoDB stores every increment before answering.
   */
  mayLoseOnCrash?: boolean;
}
