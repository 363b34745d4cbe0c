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
  Sort,
} from '../../application/ports/read-store.port';
import {
  openReadStoreFile,
  PAGE_SIZE,
  prepareStatements,
  SYNCHRONOUS,
} from './embedded-read-store-file';
import { bestWalk, conditionsLeft, planQuery } from './query-plan';
import { type DocumentChange, SortedIndex } from './sorted-index';
import { type StoreIndex, TermIndex, termIndexField } from './term-index';
import { GroupedIndex, groupedIndexKeys } from './grouped-index';
import {
  BackgroundCheckpointer,
  FALLBACK_AUTOCHECKPOINT_PAGES,
} from '../sqlite/background-checkpointer';

/**
 * Commits between two background checkpoints: most are a counter's or a like's few pages, and a
 * checkpoint costs two fsyncs, so about one per thousand pages written, as SQLite's own.
 */
const CHECKPOINT_EVERY_COMMITS = 256;

/**
 * The embedded read store: documents are kept in memory and queried with mingo (MongoDB's
 * query dialect), and every committed change is also written to a SQLite file together with
 * the projection checkpoint in one transaction. At start the documents are restored from that
 * file, so the projections resume from their checkpoint instead of replaying the whole log.
 *
 * Documents are JSON values: times are ISO strings, as they are in the MongoDB adapter.
 *
 * Declared indexes keep each collection sorted as commits change it (`SortedIndex`), so boards
 * are walked, never sorted per request. They are stored with the documents and rebuilt once at
 * restore. A query uses an index when the filter's plain equality fields (a null, boolean,
 * number or string value, not an operator object) cover the index's leading keys and the sort
 * continues with the next keys in the index's directions, or all reversed; the other conditions
 * are tested per document walked. Any other query is answered by a scan and a sort, in the same
 * order (`bson-order.ts`).
 *
 * Commits write only the file's write-ahead log: a connection of a worker thread copies it into
 * the file (`BackgroundCheckpointer`), as for the event log, instead of a commit now and then
 * copying a thousand pages and waiting for their fsync while every request waits behind it.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly collections = new Map<string, Map<string, ReadDocument>>();
  private readonly indexes = new Map<string, StoreIndex[]>();
  /**
   * Collections whose indexes a bulk commit has left behind: they are loaded from the
   * collection, sorted once, when a query next reads them (`indexesOf`).
   */
  private readonly staleIndexes = new Set<string>();
  private readonly statements;
  private incrementsSinceSweep = 0;
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
            (message) => new Logger('ReadStore').warn(`Background checkpoint failed: ${message}`),
            CHECKPOINT_EVERY_COMMITS,
          );
    if (this.checkpointer) this.db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    this.statements = prepareStatements(this.db);
    this.restore();
  }

  private restore() {
    const rows = this.db
      .prepare<[], { collection: string; id: string; body: string }>(
        'SELECT collection, id, body FROM documents',
      )
      .iterate();
    for (const row of rows) {
      this.collectionMap(row.collection).set(
        row.id,
        deepFreeze(JSON.parse(row.body) as ReadDocument),
      );
    }
    const indexes = this.db
      .prepare<[], { collection: string; keys: string }>('SELECT collection, keys FROM indexes')
      .all();
    for (const { collection, keys } of indexes) this.addIndex(collection, savedIndex(keys));
  }

  /** The collection's indexes, in order (loaded first if a bulk commit left them behind). */
  private indexesOf(collection: string): StoreIndex[] | undefined {
    const indexes = this.indexes.get(collection);
    if (indexes && this.staleIndexes.delete(collection)) {
      const documents = [...(this.collections.get(collection)?.values() ?? [])];
      for (const index of indexes) index.load(documents);
    }
    return indexes;
  }

  private addIndex(collection: string, index: StoreIndex): void {
    index.load(this.collections.get(collection)?.values() ?? []);
    this.indexes.set(collection, [...(this.indexes.get(collection) ?? []), index]);
  }

  private collectionMap(name: string): Map<string, ReadDocument> {
    let map = this.collections.get(name);
    if (!map) {
      map = new Map();
      this.collections.set(name, map);
    }
    return map;
  }

  async findOne<T extends ReadDocument>(collection: string, filter: Filter): Promise<T | null> {
    const map = this.collections.get(collection);
    if (!map) return null;
    // The common case, a lookup by id, needs no scan.
    if (Object.keys(filter).length === 1 && typeof filter._id === 'string') {
      const doc = map.get(filter._id);
      return (doc as T | undefined) ?? null;
    }
    const walk = bestWalk(this.indexesOf(collection), filter, undefined, undefined);
    const query = conditionsLeft(filter, walk);
    for (const doc of walk ? walk.documents() : map.values()) {
      if (!query || query.test(doc)) return doc as T;
    }
    return null;
  }

  async find<T extends ReadDocument>(
    collection: string,
    filter: Filter,
    options: FindOptions = {},
  ): Promise<T[]> {
    const { sort, after, skip = 0, limit = 0 } = options;
    // Documents put in order outside an index walk are ordered only as far as the page needs.
    const first = limit > 0 ? skip + limit : 0;
    const { candidates, query } = this.plan(collection, filter, sort, after, first);
    const found: T[] = [];
    let skipped = 0;
    for (const doc of candidates) {
      if (query && !query.test(doc)) continue;
      if (skipped < skip) {
        skipped += 1;
        continue;
      }
      found.push(doc as T);
      if (found.length === limit) break;
    }
    return found;
  }

  async count(collection: string, filter: Filter, options: CountOptions = {}): Promise<number> {
    const { candidates, query, walk } = this.plan(collection, filter, options.sort, options.after);
    if (walk && !query) return walk.countAfter();
    let n = 0;
    for (const doc of candidates) if (!query || query.test(doc)) n += 1;
    return n;
  }

  private plan(
    collection: string,
    filter: Filter,
    sort: Sort | undefined,
    after: Record<string, unknown> | undefined,
    limit = 0,
  ) {
    return planQuery(
      this.collections.get(collection),
      this.indexesOf(collection),
      filter,
      sort,
      after,
      limit,
    );
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    for (const spec of indexes) {
      const index = declaredIndex(spec);
      if (this.indexes.get(collection)?.some((known) => known.signature === index.signature)) {
        continue;
      }
      this.statements.saveIndex.run(collection, index.signature);
      this.addIndex(collection, index);
    }
  }

  async commit(
    writes: readonly ReadModelWrite[],
    checkpoint: { name: string; position: bigint },
    options: CommitOptions = {},
  ): Promise<void> {
    // Handed-over documents are kept as they are (frozen), others as a frozen copy. Each is
    // serialised as it is written: one that cannot be fails the transaction, which rolls back,
    // before memory changes (and no commit holds every body at once).
    const keep = options.handOver ? deepFreeze : frozenCopy;
    const prepared = writes.map((write) => ({
      write,
      copy: write.kind === 'upsert' ? keep(write.document) : null,
    }));
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
    if (options.bulk) {
      // A rebuild's write: no wait for the disk (a crash of the process still loses nothing; a
      // power cut leaves no projections version stamped, so the log is replayed), and the
      // indexes it changes are sorted once, when next read. Its rows are new, so a rollback
      // journal holds next to nothing of it where the WAL would hold every page once more until
      // copied into the file; that needs the file to itself, else it goes through the WAL.
      await this.checkpointer?.release();
      const rollbackJournal = this.leaveWal();
      this.db.pragma('synchronous = off');
      try {
        write();
      } finally {
        this.db.pragma(`synchronous = ${SYNCHRONOUS}`);
        if (rollbackJournal) this.db.pragma('journal_mode = WAL');
      }
      for (const collection of new Set(writes.map((write) => write.collection))) {
        if (this.indexes.has(collection)) this.staleIndexes.add(collection);
      }
    } else {
      this.written(write);
    }
    // Memory follows only after the file has the change.
    const indexedChanges = new Map<string, Map<string, DocumentChange<ReadDocument>>>();
    for (const { write, copy } of prepared) {
      const map = this.collectionMap(write.collection);
      const id = write.kind === 'upsert' ? write.document._id : write.id;
      if (this.indexes.has(write.collection) && !this.staleIndexes.has(write.collection)) {
        // Net change per document: the index holds what was there before this commit.
        let changes = indexedChanges.get(write.collection);
        if (!changes) {
          changes = new Map();
          indexedChanges.set(write.collection, changes);
        }
        const change = changes.get(id) ?? { before: map.get(id) ?? null, after: null };
        change.after = copy;
        changes.set(id, change);
      }
      if (copy) map.set(id, copy);
      else map.delete(id);
    }
    for (const [collection, changes] of indexedChanges) {
      for (const index of this.indexes.get(collection)!) index.update(changes.values());
    }
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    const row = this.statements.getCheckpoint.get(name);
    return row ? BigInt(row.position) : null;
  }

  async dropReadModels(): Promise<void> {
    // One transaction: a crash between the two deletes would leave a checkpoint that claims
    // documents which are gone.
    this.db.transaction(() => {
      this.db.exec('DELETE FROM checkpoints');
      this.db.exec('DELETE FROM documents');
    })();
    this.collections.clear();
    this.staleIndexes.clear();
    // Indexes are declared by the projections, not derived from the log: kept, emptied.
    for (const indexes of this.indexes.values()) for (const index of indexes) index.clear();
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

  async increment(key: string, expiresAt: Date, by = 1): Promise<number> {
    const now = this.now();
    const row = this.written(() =>
      this.statements.increment.get({ key, expiresAt: expiresAt.getTime(), now, by }),
    );
    // Expired counters are reset on use; sweep the unused ones now and then.
    this.incrementsSinceSweep += 1;
    if (this.incrementsSinceSweep >= 1000) {
      this.incrementsSinceSweep = 0;
      this.written(() => this.statements.purgeCounters.run(now));
    }
    return row!.value;
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
    if (this.db.open) this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    await this.checkpointer?.close();
    if (this.db.open) this.db.close();
  }
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

/**
 * Stored documents are frozen and handed out as they are: readers share them without a copy
 * per read (a board page would otherwise clone every post it shows), and a reader that tried
 * to change one would fail loudly instead of changing the store behind its back.
 */
function frozenCopy(document: ReadDocument): ReadDocument {
  return deepFreeze(structuredClone(document));
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    // No array of values per object: a rebuild freezes hundreds of thousands of documents.
    if (Array.isArray(value)) {
      for (const child of value as unknown[]) deepFreeze(child);
    } else {
      for (const key in value) if (Object.hasOwn(value, key)) deepFreeze(value[key]);
    }
    Object.freeze(value);
  }
  return value;
}

/** The index a projection declares. */
function declaredIndex({ keys, terms, grouped }: IndexSpec): StoreIndex {
  if (terms) return new TermIndex(Object.keys(keys)[0]!);
  return grouped ? new GroupedIndex(keys) : new SortedIndex(keys);
}

/** The index saved with the store's file under this signature. */
function savedIndex(signature: string): StoreIndex {
  const grouped = groupedIndexKeys(signature);
  if (grouped) return new GroupedIndex(grouped);
  const terms = termIndexField(signature);
  if (terms) return new TermIndex(terms);
  return new SortedIndex(Object.fromEntries(JSON.parse(signature) as [string, 1 | -1][]));
}
