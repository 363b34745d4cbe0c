import { Logger } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
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
  RebuildOptions,
  RebuiltReadModel,
  Sort,
} from '../../application/ports/read-store.port';
import {
  AnswerTooLargeError,
  DocumentTooLargeError,
  MAX_DOCUMENT_BYTES,
} from '../../application/ports/read-store.port';
import type {
  BatchReads,
  BatchReadSpec,
  BatchResults,
  BoundedCount,
  Join,
} from '../../application/ports/read-batch';
import { Query } from 'mingo';
import { checkSortedIn } from '../../application/ports/read-queries';
import { EmbeddedCounters, counterStatements } from './embedded-counters';
import { indexesByCollection } from './rebuilt-read-models';
import { SqliteSchema, ident } from './sqlite-schema';
import {
  afterPosition,
  groupedIndexFor,
  orderBy,
  totalOrder,
  translateFilter,
} from './sqlite-query';
import {
  BackgroundCheckpointer,
  FALLBACK_AUTOCHECKPOINT_PAGES,
} from '../sqlite/background-checkpointer';

/** Commits wait for the disk only at WAL checkpoints: read models are rebuilt from the log. */
const SYNCHRONOUS = 'normal';

/** See the old store's cadence: 250 pages of log, or 256 commits where its length is unknown. */
const CHECKPOINT_CADENCE = { pages: 250, commits: 256 };

/** Bytes per page of a new file: a post's document fits in one page. */
const PAGE_SIZE = 8192;

/** Rows a retired table gives up per turn, so requests run between (the pages are zeroed). */
const RETIRE_ROWS_PER_TURN = 500;

/** Prepared statements kept, by their SQL (queries are made from the filters' shapes). */
const STATEMENT_CACHE = 500;

export interface EmbeddedReadStoreOptions {
  /** The page cache, in megabytes: the only memory the read models take (default 64). */
  cacheMegabytes?: number;
  /**
   * Refuses a query that SQLite plans as a read of every document of a collection
   * (`FullScanError`), so a query no index serves fails its tests instead of slowing the site
   * as the community grows. SQLite plans without statistics of the tables (none are gathered),
   * so a plan seen on a test's few rows is the plan on a million. On under test.
   */
  refuseFullScans?: boolean;
  /** Collections that stay a handful of documents by nature, whose scans are let through. */
  fewDocuments?: readonly string[];
}

/** While above 0, plans are not checked: a test's own reads of what the app stored. */
let unplannedDepth = 0;

/**
 * The store as a test reads it to check what the app stored: its own queries need no index
 * (`refuseFullScans` holds the app's). Each call's SQL runs before it returns its promise.
 */
export function unplannedReads(store: ReadStore): ReadStore {
  const reads = new Set<string | symbol>(['find', 'findOne', 'count', 'countBefore', 'readMany']);
  return new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (!reads.has(key) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        unplannedDepth += 1;
        try {
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        } finally {
          unplannedDepth -= 1;
        }
      };
    },
  });
}

/** A query that would read every document of a collection (`refuseFullScans`). */
export class FullScanError extends Error {
  constructor(
    readonly collection: string,
    readonly sql: string,
    readonly plan: readonly string[],
  ) {
    super(
      `A query of ${collection} reads the whole collection; declare an index it can use.\n` +
        `${sql}\n${plan.join('\n')}`,
    );
    this.name = 'FullScanError';
  }
}

interface Row {
  id: string;
  body: string;
}

/**
 * The embedded read store on SQLite's own engine. Each collection is a table of JSON documents
 * (`c:<collection>`), its declared indexes SQLite indexes over generated key columns (one per
 * indexed field, in MongoDB's order: `sqlite-schema.ts`), a terms index a table of (term, id)
 * kept by triggers. Every query is SQL that SQLite plans (`sqlite-query.ts` translates the
 * MongoDB filter dialect); what SQL cannot decide exactly is tested by mingo on the rows read,
 * in order. No document is kept in memory: the page cache, bounded by `cacheMegabytes`, is
 * SQLite's.
 *
 * A commit is one transaction with its checkpoint. A rebuild writes fresh tables beside the live
 * ones and swaps them in by renames in one transaction; the tables it replaced are emptied a
 * few hundred rows per turn (`secure_delete` zeroes them) and dropped.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly logger = new Logger('ReadStore');
  private readonly schema: SqliteSchema;
  private readonly counters: EmbeddedCounters;
  private readonly checkpointer: BackgroundCheckpointer | null;
  private readonly statements = new Map<string, Database.Statement>();
  /** Each table's write statements (`tableWrites`), for the schema version they were made in. */
  private readonly writesByTable = new Map<string, TableWrites>();
  private writesSchema = -1;
  private readonly refuseFullScans: boolean;
  private readonly fewDocuments: ReadonlySet<string>;
  /** Queries whose plans were checked (`refuseFullScans`). */
  private readonly plansChecked = new Set<string>();
  private readonly fixed;
  /** An offline rebuild's fresh tables, with the indexes they get at the swap. */
  private readonly unbuiltIndexes = new Map<string, readonly IndexSpec[]>();
  /** A rebuild's fresh table of each collection, while one is under way. */
  private fresh = new Map<string, string>();
  private retiring: Promise<void> = Promise.resolve();
  /** Bytes of the documents a batch of reads has read so far (null outside `readMany`). */
  private answerBytes: number | null = null;
  private closed = false;

  constructor(
    file: string,
    private readonly now: () => number = Date.now,
    options: EmbeddedReadStoreOptions = {},
  ) {
    this.refuseFullScans = options.refuseFullScans ?? false;
    this.fewDocuments = new Set(options.fewDocuments);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma(`page_size = ${PAGE_SIZE}`);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${SYNCHRONOUS}`);
    this.db.pragma('busy_timeout = 5000');
    // A deleted read model (an erased account's) is overwritten, not left in free pages.
    this.db.pragma('secure_delete = on');
    this.db.pragma(`cache_size = ${-1024 * (options.cacheMegabytes ?? 64)}`);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS leases (
        name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS counters (
        key TEXT PRIMARY KEY, value INTEGER NOT NULL, expires_at INTEGER NOT NULL
      );
    `);
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
    this.schema = new SqliteSchema(this.db);
    this.takeOverOneTable();
    this.fixed = {
      getCheckpoint: this.db.prepare<[string], { position: string }>(
        'SELECT position FROM checkpoints WHERE name = ?',
      ),
      setCheckpoint: this.db.prepare(
        'INSERT INTO checkpoints (name, position) VALUES (?, ?) ' +
          'ON CONFLICT (name) DO UPDATE SET position = excluded.position',
      ),
      deleteCheckpoint: this.db.prepare('DELETE FROM checkpoints WHERE name = ?'),
      acquireLease: this.db.prepare<
        [{ name: string; holder: string; expiresAt: number; now: number }],
        { holder: string }
      >(
        `INSERT INTO leases (name, holder, expires_at) VALUES (@name, @holder, @expiresAt)
         ON CONFLICT (name) DO UPDATE SET holder = @holder, expires_at = @expiresAt
           WHERE leases.holder = @holder OR leases.expires_at <= @now
         RETURNING holder`,
      ),
      releaseLease: this.db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?'),
    };
    this.counters = new EmbeddedCounters(
      this.db,
      counterStatements(this.db),
      (write) => this.written(write),
      now,
      this.logger,
    );
    this.retireLeftovers();
  }

  async findOne<T extends ReadDocument>(collection: string, filter: Filter): Promise<T | null> {
    return (this.findRows(collection, filter, { limit: 1 })[0] ?? null) as T | null;
  }

  async find<T extends ReadDocument>(
    collection: string,
    filter: Filter,
    options: FindOptions = {},
  ): Promise<T[]> {
    return this.findRows(collection, filter, options) as T[];
  }

  async count(collection: string, filter: Filter, options: CountOptions = {}): Promise<number> {
    return this.countRows(collection, filter, options.sort, options.after);
  }

  async countBefore(
    collection: string,
    filter: Filter,
    sort: Sort,
    positions: readonly Record<string, unknown>[],
  ): Promise<number[]> {
    return this.countBeforeRows(collection, filter, sort, positions);
  }

  /** Every read of the batch in one read transaction: one snapshot of the file. */
  async readMany<Reads extends BatchReads>(reads: Reads): Promise<BatchResults<Reads>> {
    this.answerBytes = 0;
    try {
      return this.db.transaction(() => {
        const answers: Record<string, unknown> = {};
        for (const [name, read] of Object.entries(reads)) answers[name] = this.readOne(read.spec);
        return answers as BatchResults<Reads>;
      })();
    } finally {
      this.answerBytes = null;
    }
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    this.inTransaction(() => {
      for (const spec of indexes) {
        this.schema.declare(SqliteSchema.liveTable(collection), collection, spec);
      }
    });
  }

  async commit(
    writes: readonly ReadModelWrite[],
    checkpoint: { name: string; position: bigint },
    options: CommitOptions = {},
  ): Promise<void> {
    if (checkpoint.position < -1n) {
      throw new RangeError(`A checkpoint position cannot be negative: ${checkpoint.position}`);
    }
    const rows = serialised(writes);
    this.inTransaction(() => {
      const stored = this.storedCheckpoint(checkpoint.name);
      // Behind the stored position: a stale writer's, applied nowhere (the port's rule).
      if (!options.bulk && stored !== null && checkpoint.position < stored) return;
      this.writeRows(rows, (collection) => SqliteSchema.liveTable(collection));
      this.fixed.setCheckpoint.run(checkpoint.name, checkpoint.position.toString());
    });
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    return this.storedCheckpoint(name);
  }

  async dropReadModels(keep?: KeptReadModels): Promise<void> {
    const kept = new Set(keep?.collections);
    this.abandonFresh();
    this.inTransaction(() => {
      for (const { table, collection } of this.schema.tables()) {
        if (table !== SqliteSchema.liveTable(collection)) {
          this.schema.drop(table);
          continue;
        }
        if (kept.has(collection)) continue;
        // Emptied, its indexes kept: dropped and made again with the same declarations.
        const specs = [...(this.schema.get(table)?.specs.values() ?? [])];
        this.schema.drop(table);
        this.schema.ensure(table, collection);
        for (const spec of specs) this.schema.declare(table, collection, spec);
      }
      const checkpoints = this.db
        .prepare<[], { name: string }>('SELECT name FROM checkpoints')
        .all();
      const keptCheckpoints = new Set(keep?.checkpoints);
      for (const { name } of checkpoints) {
        if (!keptCheckpoints.has(name)) this.fixed.deleteCheckpoint.run(name);
      }
    });
  }

  /**
   * Offline, the copies' indexes are built at the swap, once their rows are in (SQLite sorts each
   * index once instead of inserting into it row by row); online, they are kept as rows land, so
   * that no step holds the thread for a whole index build while requests wait.
   */
  async beginRebuild(
    models: readonly RebuiltReadModel[],
    options: RebuildOptions = {},
  ): Promise<void> {
    const byCollection = indexesByCollection(models);
    this.abandonFresh([...byCollection.keys()]);
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    this.inTransaction(() => {
      for (const [collection, indexes] of byCollection) {
        const table = `c:${collection}@${stamp}`;
        this.schema.ensure(table, collection);
        if (options.offline) this.unbuiltIndexes.set(table, indexes);
        else for (const spec of indexes) this.schema.declare(table, collection, spec);
        this.fresh.set(collection, table);
      }
    });
  }

  async writeRebuild(writes: readonly ReadModelWrite[]): Promise<void> {
    const rows = serialised(writes);
    this.inTransaction(() => this.writeRows(rows, (collection) => this.freshTable(collection)));
  }

  async readRebuilt(
    collection: string,
    ids: readonly string[],
  ): Promise<Map<string, ReadDocument | null>> {
    const found = new Map<string, ReadDocument | null>(ids.map((id) => [id, null]));
    const table = this.freshTable(collection);
    const unique = [...new Set(ids)];
    for (let start = 0; start < unique.length; start += 500) {
      const part = unique.slice(start, start + 500);
      const rows = this.statement(
        `SELECT id, body FROM ${ident(table)} WHERE id IN (${part.map(() => '?').join(', ')})`,
      ).all(...part) as Row[];
      for (const row of rows) found.set(row.id, JSON.parse(row.body) as ReadDocument);
    }
    return found;
  }

  async swapIn(
    collections: readonly string[],
    checkpoints: readonly { name: string; position: bigint | null }[],
  ): Promise<void> {
    const retired: string[] = [];
    this.inTransaction(() => {
      for (const collection of new Set(collections)) {
        const table = this.fresh.get(collection);
        if (!table) continue;
        for (const spec of this.unbuiltIndexes.get(table) ?? []) {
          this.schema.declare(table, collection, spec);
        }
        this.unbuiltIndexes.delete(table);
        const gone = `r:${table}`;
        this.schema.rename(table, SqliteSchema.liveTable(collection), gone);
        if (this.schema.get(gone)) retired.push(gone);
      }
      for (const { name, position } of checkpoints) {
        if (position === null) this.fixed.deleteCheckpoint.run(name);
        else this.fixed.setCheckpoint.run(name, position.toString());
      }
    });
    for (const collection of collections) this.fresh.delete(collection);
    this.retire(retired);
  }

  async abandonRebuild(collections: readonly string[]): Promise<void> {
    this.abandonFresh(collections);
  }

  /** Resolves once the tables rebuilds replaced or abandoned are emptied and dropped. */
  retired(): Promise<void> {
    return this.retiring;
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

  async acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const row = this.fixed.acquireLease.get({ name, holder, expiresAt: now + ttlMs, now });
    return row?.holder === holder;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    this.fixed.releaseLease.run(name, holder);
  }

  /**
   * The write-ahead log keeps earlier copies of the pages an erasure changed: a truncating
   * checkpoint writes the pages as they are now into the file (where `secure_delete` has zeroed
   * what was freed) and empties the log.
   */
  async scrubFreedSpace(): Promise<void> {
    if (!this.db.open) return;
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.counters.close();
    await this.retiring;
    await this.checkpointer?.close();
    this.db.close();
  }

  private readOne(spec: BatchReadSpec): unknown {
    switch (spec.kind) {
      case 'findOne': {
        const [document] = this.findRows(spec.collection, spec.filter, { limit: 1 });
        if (!document || !spec.join) return document ?? null;
        return this.joined([document], spec.join)[0];
      }
      case 'find': {
        const documents = this.findRows(spec.collection, spec.filter, spec.options ?? {});
        return spec.join ? this.joined(documents, spec.join) : documents;
      }
      case 'count':
        return this.countRows(
          spec.collection,
          spec.filter,
          spec.options?.sort,
          spec.options?.after,
        );
      case 'countBefore':
        return this.countBeforeRows(spec.collection, spec.filter, spec.sort, spec.positions);
      case 'counter':
        return this.counters.counter(spec.key);
    }
  }

  private joined(documents: readonly ReadDocument[], join: Join) {
    const ids = [...new Set(documents.map((document) => document[join.localField]))];
    const found = ids.length === 0 ? [] : this.findRows(join.collection, { _id: { $in: ids } }, {});
    const byId = new Map(found.map((document) => [document._id, document]));
    return documents.map((document) => ({
      document,
      joined: byId.get(document[join.localField] as string) ?? null,
    }));
  }

  private findRows(collection: string, filter: Filter, options: FindOptions): ReadDocument[] {
    const query = this.query(collection, filter, options.sort, options.after);
    if (!query) return [];
    const skip = options.skip ?? 0;
    const limit = options.limit ?? 0;
    if (!query.test) {
      let sql = `SELECT body FROM ${query.from} WHERE ${query.where}${query.order}`;
      const params = [...query.params];
      if (limit > 0 || skip > 0) {
        sql += ' LIMIT ? OFFSET ?';
        params.push(limit > 0 ? limit : -1, skip);
      }
      this.checkPlan(query, sql, params, limit > 0);
      const rows = this.statement(sql)
        .pluck()
        .all(...params) as string[];
      return rows.map((body) => this.parsed(body));
    }
    const found: ReadDocument[] = [];
    let skipped = 0;
    const sql = `SELECT body FROM ${query.from} WHERE ${query.where}${query.order}`;
    // A limit stops a walk early only when every row it reads is an answer.
    this.checkPlan(query, sql, query.params, false);
    for (const body of this.statement(sql)
      .pluck()
      .iterate(...query.params) as Iterable<string>) {
      const document = JSON.parse(body) as ReadDocument;
      if (!query.test.test(document)) continue;
      if (skipped < skip) {
        skipped += 1;
        continue;
      }
      this.counted(body);
      found.push(document);
      if (limit > 0 && found.length >= limit) break;
    }
    return found;
  }

  private countRows(
    collection: string,
    filter: Filter,
    sort: Sort | undefined,
    after: Record<string, unknown> | undefined,
  ): number {
    const query = this.query(collection, filter, sort, after);
    if (!query) return 0;
    if (!query.test) {
      const sql = `SELECT count(*) FROM ${query.from} WHERE ${query.where}`;
      this.checkPlan(query, sql, query.params, false);
      return this.statement(sql)
        .pluck()
        .get(...query.params) as number;
    }
    let counted = 0;
    const sql = `SELECT body FROM ${query.from} WHERE ${query.where}`;
    this.checkPlan(query, sql, query.params, false);
    for (const body of this.statement(sql)
      .pluck()
      .iterate(...query.params) as Iterable<string>) {
      if (query.test.test(JSON.parse(body) as ReadDocument)) counted += 1;
    }
    return counted;
  }

  private countBeforeRows(
    collection: string,
    filter: Filter,
    sort: Sort,
    positions: readonly Record<string, unknown>[],
  ): number[] {
    // Strictly before in `sort` is strictly after in the reversed order.
    const reversed = Object.fromEntries(
      totalOrder(sort).map(([field, direction]) => [field, direction === 1 ? -1 : 1]),
    ) as Sort;
    return positions.map((position) => this.countRows(collection, filter, reversed, position));
  }

  /** The SQL of a query on a collection's live table; null when it was never written. */
  private query(
    collection: string,
    filter: Filter,
    sort: Sort | undefined,
    after: Record<string, unknown> | undefined,
  ) {
    const table = SqliteSchema.liveTable(collection);
    const tables = this.schema.get(table);
    if (!tables) return null;
    const translated = translateFilter(filter, tables);
    // A condition nothing can meet (an empty `$in`): answered without asking SQLite.
    if (translated.where.text === '0') return null;
    let where = translated.where.text;
    const params = [...translated.where.params];
    const keys = sort !== undefined || after !== undefined ? totalOrder(sort) : null;
    if (keys) checkSortedIn(filter);
    if (keys && after) {
      const position = afterPosition(keys, after, tables);
      where = `(${where}) AND ${position.text}`;
      params.push(...position.params);
    }
    const grouped = groupedIndexFor(filter, keys, tables);
    const index = grouped ? this.schema.indexName(table, grouped) : null;
    return {
      collection,
      from: index ? `${ident(table)} INDEXED BY ${ident(index)}` : ident(table),
      where,
      params,
      order: keys ? ` ORDER BY ${orderBy(keys, tables)}` : '',
      test: translated.rest ? new Query(translated.rest) : null,
      shortTextSearch: translated.shortTextSearch === true,
    };
  }

  /**
   * Under `refuseFullScans`: SQLite's plan reads every row of a collection's table, or of a
   * terms table, either straight (`SCAN c:posts`) or through an index that covers nothing the
   * query asks (`SCAN c:posts USING INDEX …` with no limit to stop at). A count through a
   * covering index reads the index alone and is let through.
   */
  private checkPlan(
    query: { collection: string; shortTextSearch: boolean },
    sql: string,
    params: readonly unknown[],
    limited: boolean,
  ) {
    const { collection } = query;
    if (!this.refuseFullScans || unplannedDepth > 0 || this.plansChecked.has(sql)) return;
    if (this.fewDocuments.has(collection) || query.shortTextSearch) return;
    const plan = (
      this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]
    ).map((row) => row.detail);
    const scans = plan.filter((detail) => {
      const scan = /^SCAN ([ct]:\S+)(?: USING (COVERING )?INDEX)?/.exec(detail);
      if (!scan) return false;
      if (!detail.includes(' USING ')) return true;
      return scan[2] === undefined && !limited;
    });
    if (scans.length > 0) throw new FullScanError(collection, sql, plan);
    this.plansChecked.add(sql);
  }

  /** A document read for an answer, counted against a batch's answer limit. */
  private parsed(body: string): ReadDocument {
    this.counted(body);
    return JSON.parse(body) as ReadDocument;
  }

  private counted(body: string): void {
    if (this.answerBytes === null) return;
    this.answerBytes += body.length;
    if (this.answerBytes > MAX_DOCUMENT_BYTES) throw new AnswerTooLargeError(this.answerBytes);
  }

  private writeRows(
    rows: readonly SerialisedWrite[],
    tableOf: (collection: string) => string,
  ): void {
    let collection: string | null = null;
    let writes: TableWrites | null = null;
    for (const row of rows) {
      if (row.collection !== collection) {
        collection = row.collection;
        writes = this.tableWrites(tableOf(collection), collection);
      }
      if (row.body === null) writes!.remove.run(row.id);
      else writes!.upsert.run(row.id, row.body);
    }
  }

  /** A table's upsert and delete, prepared once per table and schema. */
  private tableWrites(table: string, collection: string): TableWrites {
    if (this.writesSchema !== this.schema.version) {
      this.writesByTable.clear();
      this.writesSchema = this.schema.version;
    }
    let writes = this.writesByTable.get(table);
    if (!writes) {
      this.schema.ensure(table, collection);
      const name = ident(table);
      writes = {
        upsert: this.db.prepare(
          `INSERT INTO ${name} (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body`,
        ),
        remove: this.db.prepare(`DELETE FROM ${name} WHERE id = ?`),
      };
      this.writesByTable.set(table, writes);
      this.writesSchema = this.schema.version;
    }
    return writes;
  }

  private storedCheckpoint(name: string): bigint | null {
    const row = this.fixed.getCheckpoint.get(name);
    return row ? BigInt(row.position) : null;
  }

  private freshTable(collection: string): string {
    const table = this.fresh.get(collection);
    if (!table) throw new Error(`No rebuild of ${collection} has begun`);
    return table;
  }

  /** Drops the fresh tables of these collections (all when not given), rows a turn at a time. */
  private abandonFresh(collections?: readonly string[]): void {
    const retired: string[] = [];
    this.inTransaction(() => {
      for (const { table, collection } of this.schema.tables()) {
        if (!table.startsWith(`c:${collection}@`)) continue;
        if (collections && !collections.includes(collection)) continue;
        const gone = `r:${table}`;
        this.schema.rename(table, gone, null);
        retired.push(gone);
        this.fresh.delete(collection);
      }
    });
    this.retire(retired);
  }

  /**
   * A file written by the release that kept every document in one `documents` table (and the
   * documents in memory): its rows move into their collections' tables, once, in one
   * transaction; the indexes are declared again at start, as always.
   */
  private takeOverOneTable(): void {
    const old = this.db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND (name = 'documents' OR name = 'indexes' OR name LIKE 'documents\\_%' ESCAPE '\\')",
      )
      .all()
      .map((row) => row.name);
    if (old.length === 0) return;
    this.inTransaction(() => {
      if (old.includes('documents')) {
        const collections = this.db
          .prepare<[], string>('SELECT DISTINCT collection FROM documents')
          .pluck()
          .all();
        for (const collection of collections) {
          const table = SqliteSchema.liveTable(collection);
          this.schema.ensure(table, collection);
          this.db
            .prepare(
              `INSERT INTO ${ident(table)} (id, body) SELECT id, body FROM documents WHERE collection = ?`,
            )
            .run(collection);
        }
      }
      for (const name of old) this.db.exec(`DROP TABLE ${ident(name)}`);
    });
  }

  /** Tables a crash left behind: a rebuild's fresh ones and replaced ones not yet dropped. */
  private retireLeftovers(): void {
    const replaced = this.schema
      .tables()
      .map(({ table }) => table)
      .filter((table) => table.startsWith('r:'));
    this.retire(replaced);
    this.abandonFresh();
  }

  private retire(tables: readonly string[]): void {
    if (tables.length === 0) return;
    this.retiring = this.retiring.then(async () => {
      for (const table of tables) {
        try {
          await this.emptyAndDrop(table);
        } catch (error) {
          if (!this.closed)
            this.logger.warn(`Dropping ${table} failed: ${(error as Error).message}`);
        }
      }
    });
  }

  private async emptyAndDrop(table: string): Promise<void> {
    const name = ident(table);
    for (;;) {
      if (this.closed) return;
      const deleted = this.written(
        () =>
          this.db
            .prepare(`DELETE FROM ${name} WHERE rid IN (SELECT rid FROM ${name} LIMIT ?)`)
            .run(RETIRE_ROWS_PER_TURN).changes,
      );
      if (deleted < RETIRE_ROWS_PER_TURN) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.inTransaction(() => this.schema.drop(table));
  }

  /** Runs `work` in a write transaction; a schema change it made is forgotten if it fails. */
  private inTransaction(work: () => void): void {
    try {
      this.written(() => this.db.transaction(work)());
    } catch (error) {
      this.schema.reload();
      throw error;
    }
  }

  /**
   * Runs a write: now and then a checkpoint is asked of the background connection, and a long
   * log left behind is copied here first (`BackgroundCheckpointer`).
   */
  private written<T>(write: () => T): T {
    if (this.checkpointer?.takeCatchUp()) this.db.pragma('wal_checkpoint(PASSIVE)');
    const result = write();
    this.checkpointer?.committed();
    return result;
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      // Most recently used last.
      this.statements.delete(sql);
      this.statements.set(sql, statement);
      return statement;
    }
    statement = this.db.prepare(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > STATEMENT_CACHE) {
      this.statements.delete(this.statements.keys().next().value!);
    }
    return statement;
  }
}

interface TableWrites {
  upsert: Database.Statement<[string, string]>;
  remove: Database.Statement<[string]>;
}

interface SerialisedWrite {
  collection: string;
  id: string;
  /** The document's JSON, or null for a deletion. */
  body: string | null;
}

/** The writes as rows, each document within the servers' limit (all are checked first). */
function serialised(writes: readonly ReadModelWrite[]): SerialisedWrite[] {
  return writes.map((write) => {
    if (write.kind === 'delete') return { collection: write.collection, id: write.id, body: null };
    const body = JSON.stringify(write.document);
    if (body.length * 3 > MAX_DOCUMENT_BYTES && Buffer.byteLength(body) > MAX_DOCUMENT_BYTES) {
      throw new DocumentTooLargeError(write.collection, write.document._id);
    }
    return { collection: write.collection, id: write.document._id, body };
  });
}
