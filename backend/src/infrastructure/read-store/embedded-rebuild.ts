import type { Logger } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type {
  IndexSpec,
  ReadDocument,
  RebuildOptions,
  RebuiltReadModel,
} from '../../application/ports/read-store.port';
import { indexesByCollection } from './rebuilt-read-models';
import { type SqliteSchema, ident, uniqueStamp } from './sqlite-schema';

/**
 * A retired table gives up rows this many at a time, for at most `RETIRE_TURN_MS` per turn, so
 * requests run between (its pages are zeroed as they are freed).
 */
const RETIRE_ROWS_PER_STEP = 50;
const RETIRE_TURN_MS = 8;

/** What of the embedded store its rebuild works with. */
export interface EmbeddedRebuildHost {
  db: Database.Database;
  schema: SqliteSchema;
  logger: Pick<Logger, 'warn'>;
  /** Runs `work` in one write transaction (the store's). */
  inTransaction(work: () => void): void;
  setCheckpoint(name: string, position: bigint | null): void;
}

/**
 * The embedded store's rebuild beside the live read models: fresh tables (`c:<collection>@<stamp>`)
 * written beside the live ones and named live in one transaction (`SqliteSchema.setLive`). The
 * tables a swap replaced, a rebuild abandoned or a crash left (every table not live) are emptied
 * a few rows per turn (`secure_delete` zeroes them) and dropped.
 */
export class EmbeddedRebuild {
  /** An offline rebuild's fresh tables, with the indexes they get at the swap. */
  private readonly unbuiltIndexes = new Map<string, readonly IndexSpec[]>();
  /** A rebuild's fresh table of each collection, while one is under way. */
  private readonly fresh = new Map<string, string>();
  private retiring: Promise<void> = Promise.resolve();
  /** The tables being emptied and dropped, or waiting to be. */
  private readonly retiringTables = new Set<string>();
  private closed = false;

  constructor(private readonly host: EmbeddedRebuildHost) {}

  /**
   * Offline, the copies' indexes are built at the swap, once their rows are in (SQLite sorts each
   * index once instead of inserting into it row by row); online, they are kept as rows land, so
   * that no step holds the thread for a whole index build while requests wait.
   */
  begin(models: readonly RebuiltReadModel[], options: RebuildOptions = {}): void {
    const { schema } = this.host;
    const byCollection = indexesByCollection(models);
    this.abandon([...byCollection.keys()]);
    const stamp = uniqueStamp();
    this.host.inTransaction(() => {
      for (const [collection, indexes] of byCollection) {
        const table = `c:${collection}@${stamp}`;
        schema.ensure(table, collection, indexes, options.offline);
        if (options.offline) this.unbuiltIndexes.set(table, indexes);
        else for (const spec of indexes) schema.declare(table, collection, spec);
        this.fresh.set(collection, table);
      }
    });
  }

  /** Whether the fresh table of `collection` is an offline rebuild's (its rows inserted once). */
  offline(collection: string): boolean {
    return this.unbuiltIndexes.has(this.table(collection));
  }

  /** The fresh table a rebuild of `collection` writes. */
  table(collection: string): string {
    const table = this.fresh.get(collection);
    if (!table) throw new Error(`No rebuild of ${collection} has begun`);
    return table;
  }

  read(collection: string, ids: readonly string[]): Map<string, ReadDocument | null> {
    const table = ident(this.table(collection));
    // Looked up as stored (see wellFormedParams), answered under the ids asked for.
    const stored = [...new Set(ids.map((id) => id.toWellFormed()))];
    const byStoredId = new Map<string, ReadDocument>();
    for (let start = 0; start < stored.length; start += 500) {
      const part = stored.slice(start, start + 500);
      const rows = this.host.db
        .prepare<string[], { id: string; body: string }>(
          `SELECT id, body FROM ${table} WHERE id IN (${part.map(() => '?').join(', ')})`,
        )
        .all(...part);
      for (const row of rows) byStoredId.set(row.id, JSON.parse(row.body) as ReadDocument);
    }
    return new Map(ids.map((id) => [id, byStoredId.get(id.toWellFormed()) ?? null]));
  }

  swapIn(
    collections: readonly string[],
    checkpoints: readonly { name: string; position: bigint | null }[],
  ): void {
    const { schema } = this.host;
    const retired: string[] = [];
    this.host.inTransaction(() => {
      for (const collection of new Set(collections)) {
        const table = this.fresh.get(collection);
        if (!table) continue;
        const unbuilt = this.unbuiltIndexes.get(table);
        if (unbuilt) {
          schema.indexIds(table);
          for (const spec of unbuilt) schema.declare(table, collection, spec);
          this.unbuiltIndexes.delete(table);
        }
        const replaced = schema.liveTable(collection);
        schema.setLive(collection, table);
        if (replaced) retired.push(replaced);
      }
      for (const { name, position } of checkpoints) this.host.setCheckpoint(name, position);
    });
    for (const collection of collections) this.fresh.delete(collection);
    this.retire(retired);
  }

  /**
   * Drops the tables of these collections (all when not given) that are not live: a rebuild's
   * fresh ones, and what a crash left. Rows a turn at a time.
   */
  abandon(collections?: readonly string[]): void {
    const retired: string[] = [];
    for (const { table, collection } of this.host.schema.tables()) {
      if (collections && !collections.includes(collection)) continue;
      if (this.host.schema.isLive(table)) continue;
      retired.push(table);
      this.unbuiltIndexes.delete(table);
      if (this.fresh.get(collection) === table) this.fresh.delete(collection);
    }
    this.retire(retired);
  }

  /** Resolves once the tables rebuilds replaced or abandoned are emptied and dropped. */
  retired(): Promise<void> {
    return this.retiring;
  }

  /** Stops emptying (the store closes); what is left is dropped at the next start. */
  close(): Promise<void> {
    this.closed = true;
    return this.retiring;
  }

  private retire(tables: readonly string[]): void {
    const fresh = tables.filter((table) => !this.retiringTables.has(table));
    if (fresh.length === 0) return;
    for (const table of fresh) this.retiringTables.add(table);
    this.retiring = this.retiring.then(async () => {
      for (const table of fresh) {
        try {
          await this.emptyAndDrop(table);
        } catch (error) {
          if (!this.closed) {
            this.host.logger.warn(`Dropping ${table} failed: ${(error as Error).message}`);
          }
        } finally {
          this.retiringTables.delete(table);
        }
      }
    });
  }

  private async emptyAndDrop(table: string): Promise<void> {
    const { schema, db } = this.host;
    const name = ident(table);
    for (;;) {
      // Gone already (the read models were dropped meanwhile), or live again: nothing to do.
      if (this.closed || !schema.get(table) || schema.isLive(table)) return;
      let emptied = false;
      this.host.inTransaction(() => {
        const step = db.prepare(
          `DELETE FROM ${name} WHERE rid IN (SELECT rid FROM ${name} LIMIT ?)`,
        );
        const started = performance.now();
        do {
          emptied = step.run(RETIRE_ROWS_PER_STEP).changes < RETIRE_ROWS_PER_STEP;
        } while (!emptied && performance.now() - started < RETIRE_TURN_MS);
      });
      if (emptied) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.host.inTransaction(() => schema.drop(table));
  }
}
