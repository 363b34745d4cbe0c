import { Logger } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setImmediate } from 'node:timers/promises';
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

import { EmbeddedCounters, counterStatements } from './embedded-counters';
import { EmbeddedRebuild } from './embedded-rebuild';
import { QueryPlanCheck } from './query-plan-check';
import { SqliteSchema, documentJson, ident, takeOverOneTable } from './sqlite-schema';
import { termParts, totalOrder, translateQuery } from './sqlite-query';
import { PreparedStatements } from './prepared-statements';
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

/** Prepared statements kept (`PreparedStatements`). */
const STATEMENT_CACHE = 500;
/** Terms of a terms field's `$in` one read looks up in a turn of the event loop (`find`). */
const TERMS_PER_TURN = 1_000;

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

/**
 * The embedded read store on SQLite's own engine: a collection is a table of JSON documents, its
 * declared indexes SQLite indexes over generated key columns (`sqlite-schema.ts`), a terms index a
 * (term, id) table. Queries are SQL that SQLite plans (`sqlite-query.ts`); what SQL cannot decide
 * exactly is tested by mingo on the rows read. No document is kept in memory: the page cache is
 * SQLite's. Replaced tables are zeroed (`secure_delete`) a few rows per turn.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly logger = new Logger('ReadStore');
  private readonly schema: SqliteSchema;
  private readonly counters: EmbeddedCounters;
  private readonly checkpointer: BackgroundCheckpointer | null;
  private readonly statements: PreparedStatements;
  /** Each table's write statements (`tableWrites`), for the schema version they were made in. */
  private readonly writesByTable = new Map<string, TableWrites>();
  private writesSchema = -1;
  private readonly plans: QueryPlanCheck;
  /** The rebuild beside the live read models. */
  private readonly rebuild: EmbeddedRebuild;
  private readonly fixed;
  /** Bytes of the documents a batch of reads has read so far (null outside `readMany`). */
  private answerBytes: number | null = null;
  private closed = false;

  constructor(
    file: string,
    private readonly now: () => number = Date.now,
    options: EmbeddedReadStoreOptions = {},
  ) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.statements = new PreparedStatements(this.db, STATEMENT_CACHE);
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
    takeOverOneTable(this.db, this.schema, (work) => this.inTransaction(work));
    this.plans = new QueryPlanCheck(
      this.db,
      options.refuseFullScans ?? false,
      options.fewDocuments,
    );
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
    this.rebuild = new EmbeddedRebuild({
      db: this.db,
      schema: this.schema,
      logger: this.logger,
      inTransaction: (work) => this.inTransaction(work),
      setCheckpoint: (name, position) => {
        if (position === null) this.fixed.deleteCheckpoint.run(name);
        else this.fixed.setCheckpoint.run(name, position.toString());
      },
    });
    // What a crash left: a rebuild's fresh tables, and replaced ones not yet dropped.
    this.rebuild.abandon();
  }

  async findOne<T extends ReadDocument>(collection: string, filter: Filter): Promise<T | null> {
    return (this.findRows(collection, filter, { limit: 1 })[0] ?? null) as T | null;
  }

  async find<T extends ReadDocument>(
    collection: string,
    filter: Filter,
    options: FindOptions = {},
  ): Promise<T[]> {
    const table = this.schema.liveTable(collection);
    const tables = table === undefined ? undefined : this.schema.get(table);
    const parts = termParts(filter, options, tables, TERMS_PER_TURN);
    if (!parts) return this.findRows(collection, filter, options) as T[];
    // Each part in a turn of its own: SQLite answers on the event loop, and a lookup of a
    // photo's thousands of bands would hold every other request until it ends.
    const found = new Map<unknown, ReadDocument>();
    for (const part of parts) {
      await setImmediate();
      for (const document of this.findRows(collection, part, {})) {
        if (!found.has(document._id)) found.set(document._id, document);
      }
    }
    return [...found.values()] as T[];
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
      const table = this.schema.liveTableMade(collection, indexes);
      for (const spec of indexes) {
        this.schema.declare(table, collection, spec);
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
      this.writeRows(rows, (collection) => this.schema.liveTableMade(collection));
      this.fixed.setCheckpoint.run(checkpoint.name, checkpoint.position.toString());
    });
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    return this.storedCheckpoint(name);
  }

  async dropReadModels(keep?: KeptReadModels): Promise<void> {
    const kept = new Set(keep?.collections);
    this.rebuild.abandon();
    this.inTransaction(() => {
      for (const { table, collection } of this.schema.tables()) {
        if (!this.schema.isLive(table)) {
          this.schema.drop(table);
          continue;
        }
        if (kept.has(collection)) continue;
        // Emptied, its indexes kept: dropped and made again with the same declarations.
        const specs = [...(this.schema.get(table)?.specs.values() ?? [])];
        this.schema.drop(table);
        const made = this.schema.liveTableMade(collection, specs);
        for (const spec of specs) this.schema.declare(made, collection, spec);
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

  async beginRebuild(
    models: readonly RebuiltReadModel[],
    options: RebuildOptions = {},
  ): Promise<void> {
    this.rebuild.begin(models, options);
  }

  async writeRebuild(writes: readonly ReadModelWrite[]): Promise<void> {
    const rows = serialised(writes);
    this.inTransaction(() =>
      this.writeRows(
        rows,
        (collection) => this.rebuild.table(collection),
        (collection) => this.rebuild.offline(collection),
      ),
    );
  }

  async readRebuilt(
    collection: string,
    ids: readonly string[],
  ): Promise<Map<string, ReadDocument | null>> {
    return this.rebuild.read(collection, ids);
  }

  async swapIn(
    collections: readonly string[],
    checkpoints: readonly { name: string; position: bigint | null }[],
  ): Promise<void> {
    this.rebuild.swapIn(collections, checkpoints);
  }

  async abandonRebuild(collections: readonly string[]): Promise<void> {
    this.rebuild.abandon(collections);
  }

  /** Resolves once the tables rebuilds replaced or abandoned are emptied and dropped. */
  retired(): Promise<void> {
    return this.rebuild.retired();
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
    await this.rebuild.close();
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
    const query = translateQuery(collection, filter, options.sort, options.after, this.schema);
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
      this.plans.check(query, sql, params, limit > 0);
      const rows = this.statements
        .get(sql)
        .pluck()
        .all(...params) as string[];
      return rows.map((body) => this.parsed(body));
    }
    const found: ReadDocument[] = [];
    let skipped = 0;
    const sql = `SELECT body FROM ${query.from} WHERE ${query.where}${query.order}`;
    // A limit stops a walk early only when every row it reads is an answer.
    this.plans.check(query, sql, query.params, false);
    for (const body of this.statements
      .get(sql)
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
    const query = translateQuery(collection, filter, sort, after, this.schema);
    if (!query) return 0;
    if (!query.test) {
      const sql = `SELECT count(*) FROM ${query.from} WHERE ${query.where}`;
      this.plans.check(query, sql, query.params, false);
      return this.statements
        .get(sql)
        .pluck()
        .get(...query.params) as number;
    }
    let counted = 0;
    const sql = `SELECT body FROM ${query.from} WHERE ${query.where}`;
    this.plans.check(query, sql, query.params, false);
    for (const body of this.statements
      .get(sql)
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

  /** Writes the rows; into a table whose ids are `insertedOnce`, by plain inserts. */
  private writeRows(
    rows: readonly SerialisedWrite[],
    tableOf: (collection: string) => string,
    insertedOnce: (collection: string) => boolean = () => false,
  ): void {
    let collection: string | null = null;
    let writes: TableWrites | null = null;
    for (const row of rows) {
      if (row.collection !== collection) {
        collection = row.collection;
        writes = this.tableWrites(tableOf(collection), insertedOnce(collection));
      }
      if (row.body === null) writes!.remove.run(row.id);
      else writes!.upsert.run(row.id, row.body);
    }
  }

  /**
   * A table's upsert (a plain insert `once`) and delete, prepared once per table and schema (the
   * table is made already: live by `liveTableMade`, a rebuild's copy at its begin).
   */
  private tableWrites(table: string, once: boolean): TableWrites {
    if (this.writesSchema !== this.schema.version) {
      this.writesByTable.clear();
      this.writesSchema = this.schema.version;
    }
    let writes = this.writesByTable.get(table);
    if (!writes) {
      const name = ident(table);
      writes = {
        upsert: this.db.prepare(
          `INSERT INTO ${name} (id, body) VALUES (?, ?)` +
            (once ? '' : ' ON CONFLICT (id) DO UPDATE SET body = excluded.body'),
        ),
        remove: this.db.prepare(`DELETE FROM ${name} WHERE id = ?`),
      };
      this.writesByTable.set(table, writes);
    }
    return writes;
  }

  private storedCheckpoint(name: string): bigint | null {
    const row = this.fixed.getCheckpoint.get(name);
    return row ? BigInt(row.position) : null;
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
    if (write.kind === 'delete') {
      return { collection: write.collection, id: write.id.toWellFormed(), body: null };
    }
    const body = documentJson(write.document);
    if (body.length * 3 > MAX_DOCUMENT_BYTES && Buffer.byteLength(body) > MAX_DOCUMENT_BYTES) {
      throw new DocumentTooLargeError(write.collection, write.document._id);
    }
    return { collection: write.collection, id: write.document._id.toWellFormed(), body };
  });
}
