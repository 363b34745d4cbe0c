import type { Logger } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type {
  IndexSpec,
  ReadDocument,
  RebuildOptions,
  RebuiltReadModel,
} from '../../application/ports/read-store.port';
import { indexesByCollection } from './rebuilt-read-models';
import { SqliteSchema, ident } from './sqlite-schema';

/** Rows a retired table gives up per turn, so requests run between (the pages are zeroed). */
const RETIRE_ROWS_PER_TURN = 500;

/** What of the embedded store its rebuild works with. */
export interface EmbeddedRebuildHost {
  db: Database.Database;
  schema: SqliteSchema;
  logger: Pick<Logger, 'warn'>;
  /** Runs `work` in one write transaction (the store's). */
  inTransaction(work: () => void): void;
  /** Runs a write outside a transaction of its own (the store's checkpointing). */
  written<T>(write: () => T): T;
  setCheckpoint(name: string, position: bigint | null): void;
}

/**
 * The embedded store's rebuild beside the live read models: fresh tables (`c:<collection>@<stamp>`)
 * written beside the live ones and swapped in by renames in one transaction. The tables a swap
 * replaced, a rebuild abandoned or a crash left are emptied a few hundred rows per turn
 * (`secure_delete` zeroes them) and dropped.
 */
export class EmbeddedRebuild {
  /** An offline rebuild's fresh tables, with the indexes they get at the swap. */
  private readonly unbuiltIndexes = new Map<string, readonly IndexSpec[]>();
  /** A rebuild's fresh table of each collection, while one is under way. */
  private readonly fresh = new Map<string, string>();
  private retiring: Promise<void> = Promise.resolve();
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
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
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
    const found = new Map<string, ReadDocument | null>(ids.map((id) => [id, null]));
    const table = ident(this.table(collection));
    // Looked up as stored (see wellFormedParams), answered under the ids asked for.
    const asked = new Map<string, string[]>();
    for (const id of new Set(ids)) {
      const stored = id.toWellFormed();
      asked.set(stored, [...(asked.get(stored) ?? []), id]);
    }
    const unique = [...asked.keys()];
    for (let start = 0; start < unique.length; start += 500) {
      const part = unique.slice(start, start + 500);
      const rows = this.host.db
        .prepare<string[], { id: string; body: string }>(
          `SELECT id, body FROM ${table} WHERE id IN (${part.map(() => '?').join(', ')})`,
        )
        .all(...part);
      for (const row of rows) {
        const document = JSON.parse(row.body) as ReadDocument;
        for (const id of asked.get(row.id) ?? []) found.set(id, document);
      }
    }
    return found;
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
        const gone = `r:${table}`;
        schema.rename(table, SqliteSchema.liveTable(collection), gone);
        if (schema.get(gone)) retired.push(gone);
      }
      for (const { name, position } of checkpoints) this.host.setCheckpoint(name, position);
    });
    for (const collection of collections) this.fresh.delete(collection);
    this.retire(retired);
  }

  /** Drops the fresh tables of these collections (all when not given), rows a turn at a time. */
  abandon(collections?: readonly string[]): void {
    const retired: string[] = [];
    this.host.inTransaction(() => {
      for (const { table, collection } of this.host.schema.tables()) {
        if (!table.startsWith(`c:${collection}@`)) continue;
        if (collections && !collections.includes(collection)) continue;
        const gone = `r:${table}`;
        this.host.schema.rename(table, gone, null);
        retired.push(gone);
        this.fresh.delete(collection);
      }
    });
    this.retire(retired);
  }

  /** Tables a crash left behind: a rebuild's fresh ones and replaced ones not yet dropped. */
  retireLeftovers(): void {
    const replaced = this.host.schema
      .tables()
      .map(({ table }) => table)
      .filter((table) => table.startsWith('r:'));
    this.retire(replaced);
    this.abandon();
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
    if (tables.length === 0) return;
    this.retiring = this.retiring.then(async () => {
      for (const table of tables) {
        try {
          await this.emptyAndDrop(table);
        } catch (error) {
          if (!this.closed) {
            this.host.logger.warn(`Dropping ${table} failed: ${(error as Error).message}`);
          }
        }
      }
    });
  }

  private async emptyAndDrop(table: string): Promise<void> {
    const name = ident(table);
    for (;;) {
      if (this.closed) return;
      const deleted = this.host.written(
        () =>
          this.host.db
            .prepare(`DELETE FROM ${name} WHERE rid IN (SELECT rid FROM ${name} LIMIT ?)`)
            .run(RETIRE_ROWS_PER_TURN).changes,
      );
      if (deleted < RETIRE_ROWS_PER_TURN) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.host.inTransaction(() => this.host.schema.drop(table));
  }
}
