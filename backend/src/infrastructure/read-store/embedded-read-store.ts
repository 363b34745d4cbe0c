import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import type {
  CommitOptions,
  CountOptions,
  Filter,
  FindOptions,
  IndexSpec,
  ReadDocument,
  ReadModelWrite,
  ReadStore,
} from '../../application/ports/read-store.port';
import {
  openReadStoreFile,
  PAGE_SIZE,
  prepareStatements,
  SYNCHRONOUS,
} from './embedded-read-store-file';
import { deepFreeze, frozenCopy, IndexedCollections } from './indexed-collections';
import {
  BackgroundCheckpointer,
  FALLBACK_AUTOCHECKPOINT_PAGES,
} from '../sqlite/background-checkpointer';

/**
 * When the background connection checkpoints this file: every 250 pages written to the log (2 MB
 * of 8 KB pages, half what the event log's 1,000 pages of 4 KB make), or where the log's length
 * cannot be read every 256 commits (most are a counter's or a like's few pages). A checkpoint
 * ends with an fsync of the file's pages copied since the last one, and the event log's flushes
 * wait behind it on the disk: a like that met one waited 17-25 ms for its flush (against under
 * 1 ms), so about one like in a hundred did at 1,000 pages. In alternating runs on a tenth of the
 * community log (1,500 likes each, then reading the post), the p99 went from 10.5-13.1 ms to
 * 10.2-12.4 ms at 250 pages (10.4-11.1 at 100), the slowest from 27-33 ms to 16-33 (18-21).
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
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly logger = new Logger('ReadStore');
  private readonly memory = new IndexedCollections();
  private readonly statements;
  private incrementsSinceSweep = 0;
  /** Increments asked for in this turn, written together (`increment`). */
  private increments: AskedIncrement[] = [];
  private readonly incrementAll: (batch: readonly AskedIncrement[], now: number) => number[];
  /**
   * Commits applied to memory and not yet written to the file, written together after the turn
   * in which they were made, or at once from `FLUSH_NOW_FROM_WRITES` (`flushPending`): by
   * collection and id, each document's last body (null: deleted), and each checkpoint's last
   * position.
   */
  private pending = noPendingCommits();
  private flushScheduled = false;
  /** Whether the last flush failed (said once, until one succeeds). */
  private flushFailing = false;
  private readonly writePending: (
    rows: readonly PendingRow[],
    checkpoints: ReadonlyMap<string, string>,
  ) => void;
  /** Copies the write-ahead log into the file off this thread; null for a store in memory. */
  private readonly checkpointer: BackgroundCheckpointer | null;

  /** `now` decides when counters expire; the app passes its clock port. */
  constructor(
    file: string,
    private readonly now: () => number = Date.now,
  ) {
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
    this.incrementAll = this.db.transaction((batch: readonly AskedIncrement[], now: number) =>
      batch.map(
        ({ key, expiresAt, by }) =>
          this.statements.increment.get({ key, expiresAt, now, by })!.value,
      ),
    );
    this.writePending = this.db.transaction(
      (rows: readonly PendingRow[], checkpoints: ReadonlyMap<string, string>) => {
        for (const { collection, id, body } of rows) {
          if (body === null) this.statements.delete.run(collection, id);
          else this.statements.upsert.run(collection, id, body);
        }
        for (const [name, position] of checkpoints) {
          this.statements.setCheckpoint.run(name, position);
        }
      },
    );
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
    // Handed-over documents are kept as they are (frozen), others as a frozen copy.
    const keep = options.handOver ? deepFreeze : frozenCopy;
    const prepared = writes.map((write) => ({
      write,
      copy: write.kind === 'upsert' ? keep(write.document) : null,
    }));
    if (options.bulk) await this.commitBulk(prepared, checkpoint);
    else this.queueForFile(writes, checkpoint);
    this.memory.apply(prepared, options.bulk === true);
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
    const bodies = writes.map((write) =>
      write.kind === 'upsert' ? JSON.stringify(write.document) : null,
    );
    writes.forEach((write, i) => {
      let documents = this.pending.documents.get(write.collection);
      if (!documents) this.pending.documents.set(write.collection, (documents = new Map()));
      documents.set(write.kind === 'upsert' ? write.document._id : write.id, bodies[i]);
    });
    this.pending.checkpoints.set(checkpoint.name, checkpoint.position.toString());
    this.pending.writes += writes.length;
    // A turn of many commits (a catch-up) is written as it goes, not held to its end.
    if (this.pending.writes >= FLUSH_NOW_FROM_WRITES) {
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

  /**
   * A rebuild's write, to the file at once: no wait for the disk (a crash of the process still
   * loses nothing; a power cut leaves no projections version stamped, so the log is replayed),
   * and the indexes it changes are sorted once, when next read. Its rows are new, so a rollback
   * journal holds next to nothing of it where the WAL would hold every page once more until
   * copied into the file; that needs the file to itself, else it goes through the WAL. Each
   * document is serialised as it is written, so no commit holds every body at once; one that
   * cannot be fails the transaction, which rolls back, before memory changes.
   */
  private async commitBulk(
    prepared: readonly { write: ReadModelWrite }[],
    checkpoint: { name: string; position: bigint },
  ): Promise<void> {
    this.flushPending();
    // In key order, many rows land on each B-tree page in turn instead of one each (a sort is
    // stable: a document written twice keeps its last write).
    const ordered =
      prepared.length > SORTED_WRITES_FROM && !inOrder(prepared)
        ? [...prepared].sort(byCollectionAndId)
        : prepared;
    const write = this.db.transaction(() => {
      for (const { write } of ordered) {
        if (write.kind === 'upsert') {
          const body = JSON.stringify(write.document);
          this.statements.upsert.run(write.collection, write.document._id, body);
        } else {
          this.statements.delete.run(write.collection, write.id);
        }
      }
      this.statements.setCheckpoint.run(checkpoint.name, checkpoint.position.toString());
    });
    await this.checkpointer?.release();
    const rollbackJournal = this.leaveWal();
    this.db.pragma('synchronous = off');
    try {
      write();
    } finally {
      this.db.pragma(`synchronous = ${SYNCHRONOUS}`);
      if (rollbackJournal) this.db.pragma('journal_mode = WAL');
    }
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
    const { documents, checkpoints } = this.pending;
    if (checkpoints.size === 0) return;
    const rows: PendingRow[] = [];
    for (const [collection, byId] of documents) {
      for (const [id, body] of byId) rows.push({ collection, id, body });
    }
    if (rows.length > SORTED_WRITES_FROM) rows.sort(byRowKey);
    this.written(() => this.writePending(rows, checkpoints));
    this.pending = noPendingCommits();
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
    const pending = this.pending.checkpoints.get(name);
    if (pending !== undefined) return BigInt(pending);
    const row = this.statements.getCheckpoint.get(name);
    return row ? BigInt(row.position) : null;
  }

  async dropReadModels(): Promise<void> {
    // One transaction: a crash between the two deletes would leave a checkpoint that claims
    // documents which are gone. What was still to be written goes with them.
    this.pending = noPendingCommits();
    this.db.transaction(() => {
      this.db.exec('DELETE FROM checkpoints');
      this.db.exec('DELETE FROM documents');
    })();
    this.memory.clear();
    await this.checkpointer?.release();
    this.enlargePages();
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

  /**
   * Increments asked for in the same turn (a write's limits: four counters) share one
   * transaction, in the order asked: one commit to the write-ahead log instead of one each.
   */
  increment(key: string, expiresAt: Date, by = 1): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.increments.push({ key, expiresAt: expiresAt.getTime(), by, resolve, reject });
      if (this.increments.length === 1) queueMicrotask(() => this.incrementPending());
    });
  }

  private incrementPending(): void {
    const batch = this.increments;
    this.increments = [];
    const now = this.now();
    let values: number[];
    try {
      values = this.written(() => this.incrementAll(batch, now));
    } catch (error) {
      for (const asked of batch) asked.reject(error);
      return;
    }
    batch.forEach((asked, i) => asked.resolve(values[i]));
    // Expired counters are reset on use; sweep the unused ones now and then.
    this.incrementsSinceSweep += batch.length;
    if (this.incrementsSinceSweep >= 1000) {
      this.incrementsSinceSweep = 0;
      try {
        this.written(() => this.statements.purgeCounters.run(now));
      } catch (error) {
        this.logger.warn(`Sweeping expired counters failed: ${(error as Error).message}`);
      }
    }
  }

  async counter(key: string): Promise<number> {
    return this.statements.counter.get(key, this.now())?.value ?? 0;
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

  async close(): Promise<void> {
    // What memory has and the file not yet (if this write fails, the next start replays it).
    this.flushPendingOrWarn();
    await this.checkpointer?.close();
    if (this.db.open) this.db.close();
    this.checkpointer?.closeIndexFile();
  }
}

/** A counter's increment waiting for its turn's transaction. */
interface AskedIncrement {
  key: string;
  expiresAt: number;
  by: number;
  resolve: (value: number) => void;
  reject: (error: unknown) => void;
}

interface PendingCommits {
  documents: Map<string, Map<string, string | null>>;
  checkpoints: Map<string, string>;
  /** Writes queued since the last flush (a document written twice counts twice). */
  writes: number;
}

function noPendingCommits(): PendingCommits {
  return { documents: new Map(), checkpoints: new Map(), writes: 0 };
}

/** Queued writes from which a commit writes the file at once instead of after the turn. */
const FLUSH_NOW_FROM_WRITES = 1000;

/** A document to write to the file: its body, or null to delete it. */
interface PendingRow {
  collection: string;
  id: string;
  body: string | null;
}

function byRowKey(a: PendingRow, b: PendingRow): number {
  if (a.collection !== b.collection) return a.collection < b.collection ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Commits with more writes than this write them in key order. */
const SORTED_WRITES_FROM = 64;

function byCollectionAndId(a: { write: ReadModelWrite }, b: { write: ReadModelWrite }): number {
  const ac = a.write.collection;
  const bc = b.write.collection;
  if (ac !== bc) return ac < bc ? -1 : 1;
  const ai = a.write.kind === 'upsert' ? a.write.document._id : a.write.id;
  const bi = b.write.kind === 'upsert' ? b.write.document._id : b.write.id;
  return ai < bi ? -1 : ai > bi ? 1 : 0;
}

/** Whether the writes are in key order already (a rebuild gives them so). */
function inOrder(writes: readonly { write: ReadModelWrite }[]): boolean {
  for (let i = 1; i < writes.length; i += 1) {
    if (byCollectionAndId(writes[i - 1], writes[i]) > 0) return false;
  }
  return true;
}
