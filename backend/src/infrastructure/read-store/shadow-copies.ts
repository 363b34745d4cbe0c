import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { IndexSpec } from '../../application/ports/read-store.port';
import { SAVE_INDEX_SQL, upsertRowsSql } from './embedded-read-store-file';
import { type SqlStatement, toFileRow } from './bulk-file-writer';
import { deepFreeze, indexSignature, IndexedCollections } from './indexed-collections';
import type { PreparedWrite } from './indexed-collections';

/** The table an online rebuild writes its copies into, renamed to `documents` at the swap. */
export const SHADOW_TABLE = 'documents_rebuild';
/** Tables of read models no longer read (swapped out, or an abandoned copy), emptied later. */
export const RETIRED_PREFIX = 'documents_retired_';
/**
 * Rows per short transaction, written or deleted between two turns given to requests: a step
 * holds the event loop for a few milliseconds, not for the whole copy.
 */
export const ROWS_PER_STEP = 500;
/**
 * Steps per turn until this long has passed, then a turn for requests (as the online rebuild's
 * replay takes its slices): a step a turn left the copies a sliver of a loaded event loop.
 */
export const SLICE_MS = 40;
/** Rows per insert statement (one call into SQLite for each), as the bulk writer's. */
const ROWS_PER_STATEMENT = 50;
/** Writes not yet in the file that a catch-up's read waits for (`caughtUp`). */
const BACKLOG_AT_MOST = 10 * ROWS_PER_STEP;

/** What of the embedded read store the shadow copies work on. */
export interface ShadowCopiesDeps {
  db: Database.Database;
  /** Writes the commits not yet in the file (the store's `flushPending`). */
  flushPending: () => void;
  /** Runs a write of the running store (the store's `written`: its background checkpoints). */
  written: <T>(write: () => T) => T;
  /** Logs a background failure (emptying a retired table); the next start tries again. */
  warn: (message: string) => void;
}

/**
 * An online rebuild's copies in the embedded store's file, written while the live read models
 * serve: `SHADOW_TABLE` takes the rebuilt rows in short transactions of `ROWS_PER_STEP`, as many
 * as fit in `SLICE_MS` before a turn for requests, and memory builds the new collections with their indexes beside
 * the live ones (`staged`) as the rows land. The swap is then one short transaction (the rows
 * of the collections not rebuilt copied over, two renames, the indexes and the checkpoints) and
 * memory takes the new collections in one step. The old table is emptied afterwards, a step at
 * a time, and dropped. A crash leaves `documents` as it was; leftovers are retired at the next
 * start (`retireLeftovers`).
 */
export class ShadowCopies {
  /** The new collections in memory, with their indexes, as far as the rows are written. */
  private staged = new IndexedCollections();
  private queue: PreparedWrite[] = [];
  private next = 0;
  private running: Promise<void> | null = null;
  private failure: unknown = null;
  /** Bumped by `discard` and `begin`: a step of an earlier generation stops. */
  private generation = 0;
  private tableMade = false;
  private closed = false;
  private retiring: Promise<void> = Promise.resolve();

  constructor(private readonly deps: ShadowCopiesDeps) {}

  /** Fresh copies of these collections, with these indexes; an earlier copy is discarded. */
  begin(indexes: ReadonlyMap<string, readonly IndexSpec[]>): void {
    this.discard();
    for (const [collection, specs] of indexes) {
      for (const spec of specs) this.staged.declareIndex(collection, spec);
    }
  }

  /** Queues writes for the copies; they are written in steps over the next turns, in order. */
  enqueue(writes: readonly PreparedWrite[]): void {
    for (const write of writes) this.queue.push(write);
    this.kick();
  }

  /** Starts the steps unless running, failed, or with nothing queued. */
  private kick(): void {
    if (this.running || this.failure !== null || this.next === this.queue.length) return;
    const generation = this.generation;
    this.running = this.run(generation).finally(() => {
      if (this.generation !== generation) return;
      this.running = null;
      this.kick();
    });
  }

  /**
   * The swap: waits until every queued write is in the file, then, in one transaction, makes
   * the copies the live `documents` (with the live rows of the other collections), saves their
   * indexes and sets the checkpoints; memory takes the new collections once that committed.
   */
  async swapIn(
    names: readonly string[],
    indexes: ReadonlyMap<string, readonly IndexSpec[]>,
    checkpoints: readonly SqlStatement[],
    memory: IndexedCollections,
  ): Promise<void> {
    while (this.running) await this.running;
    if (this.failure !== null) throw this.failure;
    if (this.next < this.queue.length) throw new Error('The rebuild was discarded');
    const { db } = this.deps;
    this.deps.flushPending();
    this.ensureTable();
    const retired = RETIRED_PREFIX + randomUUID().replaceAll('-', '');
    // Memory holds what the file does: the other collections' rows are read by their key.
    const rebuilt = new Set(names);
    const others = memory.collectionNames().filter((name) => !rebuilt.has(name));
    this.deps.written(() =>
      db.transaction(() => {
        const copy = db.prepare(
          `INSERT INTO ${SHADOW_TABLE} (collection, id, body) ` +
            'SELECT collection, id, body FROM documents WHERE collection = ?',
        );
        for (const name of others) copy.run(name);
        db.exec(`ALTER TABLE documents RENAME TO ${retired}`);
        db.exec(`ALTER TABLE ${SHADOW_TABLE} RENAME TO documents`);
        for (const name of names) {
          db.prepare('DELETE FROM indexes WHERE collection = ?').run(name);
          for (const spec of indexes.get(name) ?? []) {
            db.prepare(SAVE_INDEX_SQL).run(name, indexSignature(spec));
          }
        }
        for (const [sql, params] of checkpoints) db.prepare(sql).run(...params);
      })(),
    );
    this.tableMade = false;
    for (const name of names) memory.takeCollection(name, this.staged);
    this.reset();
    this.retire(retired);
  }

  /**
   * Resolves once the writes not yet in the file are few (a catch-up's page), so the catch-up
   * follows the replay's copy instead of racing it to a swap that would wait for all of it with
   * the live projection paused.
   */
  async caughtUp(): Promise<void> {
    while (this.running && this.queue.length - this.next > BACKLOG_AT_MOST) await this.running;
    if (this.failure !== null) throw this.failure;
  }

  /** Drops the copies (a failed or stopped rebuild, or one swapped in another way). */
  discard(): void {
    this.reset();
    if (!this.tableMade || this.closed) return;
    this.tableMade = false;
    this.retireShadowTable();
  }

  /** Retires what an earlier process left: a copy cut short, tables not yet emptied. */
  retireLeftovers(): void {
    const { db } = this.deps;
    const tables = db
      .prepare<[string], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB ? || '*'",
      )
      .all(RETIRED_PREFIX);
    for (const { name } of tables) this.retire(name);
    this.retireShadowTable();
  }

  /** Resolves once every table retired so far is dropped (or its emptying failed). */
  retired(): Promise<void> {
    return this.retiring;
  }

  /** The store is closing: no further step. */
  close(): void {
    this.closed = true;
    this.reset();
  }

  private reset(): void {
    this.generation += 1;
    this.running = null;
    this.failure = null;
    this.queue = [];
    this.next = 0;
    this.staged = new IndexedCollections();
  }

  private async run(generation: number): Promise<void> {
    while (this.next < this.queue.length) {
      await nextTurn();
      if (generation !== this.generation || this.closed || !this.deps.db.open) return;
      const started = performance.now();
      try {
        do this.step();
        while (this.next < this.queue.length && performance.now() - started < SLICE_MS);
      } catch (error) {
        this.failure = error;
        return;
      }
    }
  }

  /** One short transaction of queued writes, then memory takes them. */
  private step(): void {
    const { db } = this.deps;
    this.ensureTable();
    const end = Math.min(this.next + ROWS_PER_STEP, this.queue.length);
    const chunk = this.queue.slice(this.next, end);
    const upsert = db.prepare(shadowUpsertSql(1));
    const upsertMany = db.prepare(shadowUpsertSql(ROWS_PER_STATEMENT));
    const remove = db.prepare(`DELETE FROM ${SHADOW_TABLE} WHERE collection = ? AND id = ?`);
    // Rows gathered into statements of many (of one id, the last wins); a deletion goes in after
    // the rows gathered before it, so the order holds.
    const many: string[] = [];
    const upsertGathered = () => {
      for (let i = 0; i < many.length; i += 3) upsert.run(many[i], many[i + 1], many[i + 2]);
      many.length = 0;
    };
    this.deps.written(() =>
      db.transaction(() => {
        for (const item of chunk) {
          // Handed over: frozen as serialised, as the store keeps its documents.
          if (item.copy) deepFreeze(item.copy);
          const [collection, id, body] = toFileRow(item);
          if (body === null) {
            upsertGathered();
            remove.run(collection, id);
          } else if (many.push(collection, id, body) === 3 * ROWS_PER_STATEMENT) {
            upsertMany.run(many);
            many.length = 0;
          }
        }
        upsertGathered();
      })(),
    );
    this.staged.apply(chunk, false);
    this.next = end;
    if (this.next === this.queue.length) {
      this.queue = [];
      this.next = 0;
    }
  }

  private ensureTable(): void {
    if (this.tableMade) return;
    this.retireShadowTable();
    this.deps.db.exec(`
      CREATE TABLE ${SHADOW_TABLE} (
        collection TEXT NOT NULL,
        id         TEXT NOT NULL,
        body       TEXT NOT NULL,
        PRIMARY KEY (collection, id)
      ) WITHOUT ROWID`);
    this.tableMade = true;
  }

  /** An existing shadow table renamed out of the way (cheap) and emptied later. */
  private retireShadowTable(): void {
    const { db } = this.deps;
    const exists = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(SHADOW_TABLE);
    if (!exists) return;
    const retired = RETIRED_PREFIX + randomUUID().replaceAll('-', '');
    db.exec(`ALTER TABLE ${SHADOW_TABLE} RENAME TO ${retired}`);
    this.retire(retired);
  }

  /**
   * Empties a table no longer read, `ROWS_PER_STEP` rows per turn (its deletions zero the freed
   * space, as `secure_delete` asks, without holding the event loop), then drops it.
   */
  private retire(table: string): void {
    const { db } = this.deps;
    const step = () =>
      this.deps.written(
        () =>
          db
            .prepare(
              `DELETE FROM ${table} WHERE (collection, id) IN ` +
                `(SELECT collection, id FROM ${table} LIMIT ${ROWS_PER_STEP})`,
            )
            .run().changes,
      );
    this.retiring = this.retiring.then(async () => {
      try {
        for (;;) {
          await nextTurn();
          if (this.closed || !db.open) return;
          if (step() > 0) continue;
          db.exec(`DROP TABLE ${table}`);
          return;
        }
      } catch (error) {
        this.deps.warn(`Emptying ${table} failed; tried again at the next start: ${String(error)}`);
      }
    });
  }
}

/** `rows` documents' rows written into the copy at once (collection, id, body each). */
function shadowUpsertSql(rows: number): string {
  return upsertRowsSql(rows).replace('INSERT INTO documents ', `INSERT INTO ${SHADOW_TABLE} `);
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
