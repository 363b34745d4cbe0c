import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import type {
  CommitOptions,
  CountOptions,
  Filter,
  FindOptions,
  IncrementOptions,
  IndexSpec,
  KeptReadModels,
  ReadDocument,
  ReadModelWrite,
  ReadStore,
  RebuiltReadModel,
  Sort,
} from '../../application/ports/read-store.port';
import type { BatchReads, BatchResults, BoundedCount } from '../../application/ports/read-batch';
import { reversedSort } from './bson-order';
import { readEach } from './read-each';
import {
  openReadStoreFile,
  PAGE_SIZE,
  prepareStatements,
  SYNCHRONOUS,
} from './embedded-read-store-file';
import { deepFreeze, frozenCopy, IndexedCollections } from './indexed-collections';
import { EmbeddedCounters } from './embedded-counters';
import { EmbeddedRebuild } from './embedded-rebuild';
import { type FileWrites, PendingFileWrites } from './pending-file-writes';
import {
  BackgroundCheckpointer,
  FALLBACK_AUTOCHECKPOINT_PAGES,
} from '../sqlite/background-checkpointer';

/**
 * When the background connection checkpoints this file: every 250 pages written to the log (half
 * the bytes of the event log's cadence), or where the log's length cannot be read every 256
 * commits (most are a counter's or a like's few pages). A checkpoint ends with an fsync of the
 * file's pages copied since the last one, and the event log's flushes wait behind it on the disk:
 * smaller, more frequent checkpoints keep the likes that meet one from waiting long (figures in
 * docs/bench/history.md, "Embedded read store: checkpoints and queued file writes").
 */
const CHECKPOINT_CADENCE = { pages: 250, commits: 256 };

/**
 * The embedded read store: documents are kept in memory and queried with mingo (MongoDB's
 * query dialect), and every committed change is also written to a SQLite file together with
 * the projection checkpoint in one transaction, after the turn of the commit (the commits of a
 * turn together: `queueForFile`). At start the documents are restored from that file, so the
 * projections resume from their checkpoint instead of replaying the whole log.
 *
 * Documents are JSON values: times are ISO strings, as they are in the MongoDB adapter.
 *
 * Declared indexes keep each collection sorted as commits change it (`SortedIndex`), so boards
 * are walked, never sorted per request. They are stored with the documents and rebuilt once at
 * restore. A query uses an index when the filter's plain equality fields (a null, boolean,
 * number or string value, not an operator object) cover the index's leading keys and the sort
 * continues with the next keys in the index's directions, or all reversed; the other conditions
 * are tested per document walked. Any other query is answered by a scan and a sort, in the same
 * order (`bson-order.ts`). The documents and their indexes in memory are `IndexedCollections`;
 * this class keeps them and the file in step.
 *
 * Commits write only the file's write-ahead log: a connection of a worker thread copies it into
 * the file (`BackgroundCheckpointer`), as for the event log, instead of a commit now and then
 * copying a thousand pages and waiting for their fsync while every request waits behind it.
 * Bulk commits and rebuilds beside the live read models are `EmbeddedRebuild`'s.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly file: string;
  private readonly logger = new Logger('ReadStore');
  private readonly memory = new IndexedCollections();
  private readonly statements;
  private readonly counters: EmbeddedCounters;
  /** Commits applied to memory and not yet written to the file (`flushPending`). */
  private readonly pending = new PendingFileWrites();
  private flushScheduled = false;
  /** Bulk commits and the rebuild beside the live read models. */
  private readonly rebuild: EmbeddedRebuild;
  /** Whether the last flush failed (said once, until one succeeds). */
  private flushFailing = false;
  private readonly writePending: (pending: FileWrites) => void;
  /** Copies the write-ahead log into the file off this thread; null for a store in memory. */
  private readonly checkpointer: BackgroundCheckpointer | null;

  /** `now` decides when counters expire; the app passes its clock port. */
  constructor(
    file: string,
    private readonly now: () => number = Date.now,
  ) {
    this.file = file;
    this.db = openReadStoreFile(file);
    this.checkpointer =
      file === ':memory:'
        ? null
        : new BackgroundCheckpointer(
            file,
            SYNCHRONOUS,
            (message) => this.logger.warn(`Background checkpoint failed: ${message}`),
            CHECKPOINT_CADENCE,
          );
    if (this.checkpointer) this.db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    this.statements = prepareStatements(this.db);
    this.counters = new EmbeddedCounters(
      this.db,
      this.statements,
      (write) => this.written(write),
      now,
      this.logger,
    );
    this.rebuild = new EmbeddedRebuild({
      db: this.db,
      file,
      memory: this.memory,
      checkpointer: this.checkpointer,
      flushPending: () => this.flushPending(),
      writeRow: (collection, id, body) => this.writeRow(collection, id, body),
      written: (write) => this.written(write),
      leaveWal: () => this.leaveWal(),
      warn: (message) => this.logger.warn(message),
    });
    this.writePending = this.db.transaction(({ rows, checkpoints }: FileWrites) => {
      for (const { collection, id, body } of rows) this.writeRow(collection, id, body);
      for (const [name, position] of checkpoints) {
        this.statements.setCheckpoint.run(name, position);
      }
    });
    this.restore();
  }

  private restore() {
    const rows = this.db
      .prepare<[], { collection: string; id: string; body: string }>(
        'SELECT collection, id, body FROM documents',
      )
      .iterate();
    for (const row of rows) {
      this.memory.restore(row.collection, row.id, JSON.parse(row.body) as ReadDocument);
    }
    const indexes = this.db
      .prepare<[], { collection: string; keys: string }>('SELECT collection, keys FROM indexes')
      .all();
    for (const { collection, keys } of indexes) this.memory.restoreIndex(collection, keys);
  }

  async findOne<T extends ReadDocument>(collection: string, filter: Filter): Promise<T | null> {
    return this.memory.findOne(collection, filter) as T | null;
  }

  async find<T extends ReadDocument>(
    collection: string,
    filter: Filter,
    options: FindOptions = {},
  ): Promise<T[]> {
    return this.memory.find(collection, filter, options) as T[];
  }

  async count(collection: string, filter: Filter, options: CountOptions = {}): Promise<number> {
    return this.memory.count(collection, filter, options.sort, options.after);
  }

  async countBefore(
    collection: string,
    filter: Filter,
    sort: Sort,
    positions: readonly Record<string, unknown>[],
  ): Promise<number[]> {
    // Strictly before in `sort` is strictly after in the reversed order: one index walk's
    // count each, answered in this process.
    const backwards = reversedSort(sort);
    return positions.map((position) => this.memory.count(collection, filter, backwards, position));
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    for (const spec of indexes) {
      const signature = this.memory.declareIndex(collection, spec);
      if (signature !== null) this.statements.saveIndex.run(collection, signature);
    }
  }

  async commit(
    writes: readonly ReadModelWrite[],
    checkpoint: { name: string; position: bigint },
    options: CommitOptions = {},
  ): Promise<void> {
    if (checkpoint.position < -1n) {
      throw new RangeError(`A checkpoint position cannot be negative: ${checkpoint.position}`);
    }
    // Behind the stored position: a stale writer's, applied nowhere (the port's rule).
    if (!options.bulk && checkpoint.position < (this.storedCheckpoint(checkpoint.name) ?? -1n)) {
      return;
    }
    // Handed-over documents are kept as they are (frozen), others as a frozen copy. A bulk
    // commit's handed-over documents are frozen as each is serialised (`commitBulk`).
    const freezeAsWritten = options.bulk === true && options.handOver === true;
    const keep = options.handOver ? deepFreeze : frozenCopy;
    const prepared = writes.map((write) => ({
      write,
      copy:
        write.kind !== 'upsert' ? null : freezeAsWritten ? write.document : keep(write.document),
    }));
    if (options.bulk) return this.rebuild.commitBulk(prepared, checkpoint, freezeAsWritten);
    this.queueForFile(writes, checkpoint);
    this.memory.apply(prepared, false);
  }

  /**
   * Adds a commit to those the file gets after this turn (`flushPending`), so the answer that
   * waits for it does not wait for SQLite. Its documents are serialised now: one that cannot be
   * fails the commit before anything changes.
   */
  private queueForFile(
    writes: readonly ReadModelWrite[],
    checkpoint: { name: string; position: bigint },
  ): void {
    if (this.pending.add(writes, checkpoint)) {
      this.flushPendingOrWarn();
      return;
    }
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flushPendingOrWarn();
    });
  }

  /** A document's row in the file: its body, or null to delete it. */
  private writeRow(collection: string, id: string, body: string | null): void {
    if (body === null) this.statements.delete.run(collection, id);
    else this.statements.upsert.run(collection, id, body);
  }

  /**
   * Writes the commits made since the last flush to the file, in one transaction: the last body
   * of each document (or its deletion) and the last position of each checkpoint, so the file
   * always holds read models that match a checkpoint stored with them. A failed write keeps
   * them pending for the next flush: the file stays at its last checkpoint, which the log
   * replays from at the next start, so nothing committed is lost (and memory, which already
   * has the change, is what requests read).
   */
  private flushPending(): void {
    if (this.pending.empty) return;
    this.written(() => this.writePending(this.pending.take()));
    this.pending.clear();
  }

  /** Flushes, saying once when the file stops taking writes and once when it takes them again. */
  private flushPendingOrWarn(): void {
    if (!this.db.open) return;
    try {
      this.flushPending();
    } catch (error) {
      if (this.flushFailing) return;
      this.flushFailing = true;
      this.logger.warn(
        `Writing the read models to their file failed; kept for the next write: ${(error as Error).message}`,
      );
      return;
    }
    if (this.flushFailing) {
      this.flushFailing = false;
      this.logger.log('The read models are written to their file again');
    }
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    return this.storedCheckpoint(name);
  }

  private storedCheckpoint(name: string): bigint | null {
    const pending = this.pending.checkpoint(name);
    if (pending !== undefined) return pending;
    const row = this.statements.getCheckpoint.get(name);
    return row ? BigInt(row.position) : null;
  }

  async dropReadModels(keep?: KeptReadModels): Promise<void> {
    if (keep) return this.rebuild.dropAllBut(keep);
    // One transaction: a crash between the two deletes would leave a checkpoint that claims
    // documents which are gone. What was still to be written goes with them.
    this.pending.clear();
    this.db.transaction(() => {
      this.db.exec('DELETE FROM checkpoints');
      this.db.exec('DELETE FROM documents');
    })();
    this.memory.clear();
    await this.checkpointer?.release();
    this.enlargePages();
  }

  beginRebuild(models: readonly RebuiltReadModel[]): Promise<void> {
    return this.rebuild.begin(models);
  }

  writeRebuild(writes: readonly ReadModelWrite[]): Promise<void> {
    return this.rebuild.write(writes);
  }

  readRebuilt: ReadStore['readRebuilt'] = (collection, ids) => this.rebuild.read(collection, ids);

  swapIn(
    collections: readonly string[],
    checkpoints: readonly { name: string; position: bigint | null }[],
    options?: { whileServing?: boolean },
  ): Promise<void> {
    return this.rebuild.swapIn(collections, checkpoints, options);
  }

  abandonRebuild(collections: readonly string[]): Promise<void> {
    return this.rebuild.abandon(collections);
  }

  /**
   * Runs a write of the running store: now and then a checkpoint is asked of the background
   * connection, and a long log left behind is copied here first (`BackgroundCheckpointer`).
   */
  private written<T>(write: () => T): T {
    if (this.checkpointer?.takeCatchUp()) this.db.pragma('wal_checkpoint(PASSIVE)');
    const result = write();
    this.checkpointer?.committed();
    return result;
  }

  /**
   * A file made with smaller pages is rewritten with `PAGE_SIZE` ones while its read models are
   * empty (cheap then), so a replay writes whole documents per page. It needs the file to
   * itself (SQLite changes the page size only outside WAL mode); with another connection open
   * the file keeps its pages, and it stays in WAL mode whatever happens.
   */
  private enlargePages(): void {
    if (this.db.pragma('page_size', { simple: true }) === PAGE_SIZE) return;
    if (!this.leaveWal()) return;
    try {
      this.db.pragma(`page_size = ${PAGE_SIZE}`);
      this.db.exec('VACUUM');
    } catch {
      // Busy after all: the old page size still works.
    } finally {
      this.db.pragma('journal_mode = WAL');
    }
  }

  /**
   * Switches the file to a rollback journal, for a write that wants the file to itself; false
   * (and still in WAL mode) when another connection holds it. The caller switches back.
   */
  private leaveWal(): boolean {
    try {
      return this.db.pragma('journal_mode = DELETE', { simple: true }) === 'delete';
    } catch {
      return false;
    }
  }

  increment(key: string, expiresAt: Date, by = 1, options?: IncrementOptions): Promise<number> {
    return this.counters.increment(key, expiresAt, by, options);
  }

  async counter(key: string): Promise<number> {
    return this.counters.counter(key);
  }

  async countWithin(counts: readonly BoundedCount[]): Promise<boolean[]> {
    return this.counters.countWithin(counts);
  }

  /** Each read on its own: in this process a read costs no round trip. */
  readMany<Reads extends BatchReads>(reads: Reads): Promise<BatchResults<Reads>> {
    return readEach(this, reads);
  }

  async acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const row = this.statements.acquireLease.get({ name, holder, expiresAt: now + ttlMs, now });
    return row?.holder === holder;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    this.statements.releaseLease.run(name, holder);
  }

  /**
   * The write-ahead log keeps earlier copies of the pages an erasure changed (the account's
   * documents, a report with its reason): a truncating checkpoint writes the pages as they are
   * now into the file (where `secure_delete` has zeroed what was freed) and empties the log.
   */
  async scrubFreedSpace(): Promise<void> {
    if (!this.db.open) return;
    // The erasure's own deletions first, so the checkpoint writes the pages without them.
    this.flushPending();
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /** Resolves once the tables of read models no longer read are emptied and dropped. */
  retired(): Promise<void> {
    return this.rebuild.retired();
  }

  async close(): Promise<void> {
    this.rebuild.close();
    // What memory has and the file not yet (if this write fails, the next start replays it).
    this.flushPendingOrWarn();
    if (this.db.open) this.counters.close();
    await this.checkpointer?.close();
    if (this.db.open) this.db.close();
  }
}
