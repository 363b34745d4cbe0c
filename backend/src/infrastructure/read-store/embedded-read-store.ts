import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Query } from 'mingo';
import type {
  Filter,
  FindOptions,
  ReadDocument,
  ReadModelWrite,
  ReadStore,
} from './read-store.port';

/**
 * The embedded read store: documents are kept in memory and queried with mingo (MongoDB's
 * query dialect), and every committed change is also written to a SQLite file together with
 * the projection checkpoint in one transaction. At start the documents are restored from that
 * file, so the projections resume from their checkpoint instead of replaying the whole log.
 *
 * Documents are JSON values: times are ISO strings, as they are in the MongoDB adapter.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly collections = new Map<string, Map<string, ReadDocument>>();
  private readonly statements;
  private incrementsSinceSweep = 0;

  /** `now` decides when counters expire; the app passes its clock port. */
  constructor(
    file: string,
    private readonly now: () => number = Date.now,
  ) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // Read models can always be rebuilt from the log, so a lost last commit after a power cut is
    // repaired by replaying from the checkpoint that was stored with it.
    this.db.pragma('synchronous = normal');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS documents (
        collection TEXT NOT NULL,
        id         TEXT NOT NULL,
        body       TEXT NOT NULL,
        PRIMARY KEY (collection, id)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS leases (
        name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS counters (
        key TEXT PRIMARY KEY, value INTEGER NOT NULL, expires_at INTEGER NOT NULL
      );
    `);
    this.statements = {
      upsert: this.db.prepare(
        'INSERT INTO documents (collection, id, body) VALUES (?, ?, ?) ' +
          'ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body',
      ),
      delete: this.db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?'),
      setCheckpoint: this.db.prepare(
        'INSERT INTO checkpoints (name, position) VALUES (?, ?) ' +
          'ON CONFLICT (name) DO UPDATE SET position = excluded.position',
      ),
      getCheckpoint: this.db.prepare<[string], { position: string }>(
        'SELECT position FROM checkpoints WHERE name = ?',
      ),
      increment: this.db.prepare<
        [{ key: string; expiresAt: number; now: number; by: number }],
        { value: number }
      >(
        `INSERT INTO counters (key, value, expires_at) VALUES (@key, @by, @expiresAt)
         ON CONFLICT (key) DO UPDATE SET
           value = CASE WHEN counters.expires_at <= @now THEN @by ELSE counters.value + @by END,
           expires_at = CASE WHEN counters.expires_at <= @now
                             THEN @expiresAt ELSE counters.expires_at END
         RETURNING value`,
      ),
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
      purgeCounters: this.db.prepare('DELETE FROM counters WHERE expires_at <= ?'),
      counter: this.db.prepare<[string, number], { value: number }>(
        'SELECT value FROM counters WHERE key = ? AND expires_at > ?',
      ),
    };
    this.restore();
  }

  private restore() {
    const rows = this.db
      .prepare<[], { collection: string; id: string; body: string }>(
        'SELECT collection, id, body FROM documents',
      )
      .iterate();
    for (const row of rows) {
      this.collectionMap(row.collection).set(row.id, JSON.parse(row.body) as ReadDocument);
    }
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
      return doc ? (structuredClone(doc) as T) : null;
    }
    const query = new Query(filter);
    for (const doc of map.values()) {
      if (query.test(doc)) return structuredClone(doc) as T;
    }
    return null;
  }

  async find<T extends ReadDocument>(
    collection: string,
    filter: Filter,
    options: FindOptions = {},
  ): Promise<T[]> {
    const map = this.collections.get(collection);
    if (!map) return [];
    let cursor = new Query(filter).find<T>(map.values());
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return cursor.all().map((doc) => structuredClone(doc));
  }

  async count(collection: string, filter: Filter): Promise<number> {
    const map = this.collections.get(collection);
    if (!map) return 0;
    const query = new Query(filter);
    let n = 0;
    for (const doc of map.values()) if (query.test(doc)) n += 1;
    return n;
  }

  async commit(
    writes: readonly ReadModelWrite[],
    checkpoint: { name: string; position: bigint },
  ): Promise<void> {
    // Serialise first so that a document that cannot be stored fails before anything changes.
    const prepared = writes.map((write) =>
      write.kind === 'upsert'
        ? { write, body: JSON.stringify(write.document), copy: structuredClone(write.document) }
        : { write, body: '', copy: null },
    );
    this.db.transaction(() => {
      for (const { write, body } of prepared) {
        if (write.kind === 'upsert') {
          this.statements.upsert.run(write.collection, write.document._id, body);
        } else {
          this.statements.delete.run(write.collection, write.id);
        }
      }
      this.statements.setCheckpoint.run(checkpoint.name, checkpoint.position.toString());
    })();
    // Memory follows only after the file has the change.
    for (const { write, copy } of prepared) {
      if (write.kind === 'upsert') this.collectionMap(write.collection).set(copy!._id, copy!);
      else this.collections.get(write.collection)?.delete(write.id);
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
  }

  async increment(key: string, expiresAt: Date, by = 1): Promise<number> {
    const now = this.now();
    const row = this.statements.increment.get({ key, expiresAt: expiresAt.getTime(), now, by });
    // Expired counters are reset on use; sweep the unused ones now and then.
    this.incrementsSinceSweep += 1;
    if (this.incrementsSinceSweep >= 1000) {
      this.incrementsSinceSweep = 0;
      this.statements.purgeCounters.run(now);
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

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
