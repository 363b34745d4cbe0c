import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { counterStatements } from './embedded-counters';

/** Bytes per page of a new file: a post's document fits in one page (see the constructor). */
export const PAGE_SIZE = 8192;

/** Commits wait for the disk only at WAL checkpoints (bulk commits not even then). */
export const SYNCHRONOUS = 'normal';

/** Opens (or creates) the embedded read store's SQLite file with its tables. */
export function openReadStoreFile(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  // A post's document is large enough that with SQLite's default 4 KB pages, most spill into an
  // overflow page of their own, which more than doubles the file and the time to write and
  // restore it. Takes effect for a new file only (an existing one keeps its page size).
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('journal_mode = WAL');
  // Read models can always be rebuilt from the log, so a lost last commit after a power cut is
  // repaired by replaying from the checkpoint that was stored with it.
  db.pragma(`synchronous = ${SYNCHRONOUS}`);
  db.pragma('busy_timeout = 5000');
  // A deleted read model (an erased account's) is overwritten, not left in free pages.
  db.pragma('secure_delete = on');
  db.exec(`
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
    CREATE TABLE IF NOT EXISTS indexes (
      collection TEXT NOT NULL,
      keys       TEXT NOT NULL,
      PRIMARY KEY (collection, keys)
    ) WITHOUT ROWID;
  `);
  return db;
}

/** Documents' rows written, `rows` at once (collection, id, body each; of one id, the last wins). */
export function upsertRowsSql(rows: number): string {
  return (
    `INSERT INTO documents (collection, id, body) VALUES ${Array(rows).fill('(?, ?, ?)').join(', ')} ` +
    'ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body'
  );
}

/** A document's row written (collection, id, body), a row deleted, a checkpoint set (name, position). */
export const WRITE_SQL = {
  upsert: upsertRowsSql(1),
  delete: 'DELETE FROM documents WHERE collection = ? AND id = ?',
  setCheckpoint:
    'INSERT INTO checkpoints (name, position) VALUES (?, ?) ' +
    'ON CONFLICT (name) DO UPDATE SET position = excluded.position',
};

/** An index declared for a collection (collection, signature), kept with the file. */
export const SAVE_INDEX_SQL = 'INSERT OR IGNORE INTO indexes (collection, keys) VALUES (?, ?)';

/** The statements the embedded read store runs, prepared once. */
export function prepareStatements(db: Database.Database) {
  const statements = {
    upsert: db.prepare(WRITE_SQL.upsert),
    delete: db.prepare(WRITE_SQL.delete),
    saveIndex: db.prepare(SAVE_INDEX_SQL),
    setCheckpoint: db.prepare(WRITE_SQL.setCheckpoint),
    getCheckpoint: db.prepare<[string], { position: string }>(
      'SELECT position FROM checkpoints WHERE name = ?',
    ),
    acquireLease: db.prepare<
      [{ name: string; holder: string; expiresAt: number; now: number }],
      { holder: string }
    >(
      `INSERT INTO leases (name, holder, expires_at) VALUES (@name, @holder, @expiresAt)
       ON CONFLICT (name) DO UPDATE SET holder = @holder, expires_at = @expiresAt
         WHERE leases.holder = @holder OR leases.expires_at <= @now
       RETURNING holder`,
    ),
    releaseLease: db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?'),
    ...counterStatements(db),
  };
  return statements;
}
