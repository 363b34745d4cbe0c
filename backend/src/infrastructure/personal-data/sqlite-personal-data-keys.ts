import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  PersonalDataErasedError,
  type KeyLookup,
  type PersonalDataKeys,
} from '../../application/ports/personal-data-keys.port';
import { KeyWrapping } from './key-wrapping';

interface KeyRow {
  wrapped_key: Buffer | null;
}

/**
 * The embedded key store: its own SQLite file (`DATA_DIR/personal-data-keys.sqlite`), apart from
 * the read models, which a rebuild drops. A destroyed key leaves a row without key (the mark
 * that it is gone for good). `secure_delete` overwrites the freed bytes, and the write-ahead
 * log is checkpointed and truncated after each destruction, so no copy of a destroyed key stays
 * in either file.
 */
export class SqlitePersonalDataKeys implements PersonalDataKeys {
  private readonly db: Database.Database;
  private readonly statements;
  private closed = false;

  constructor(
    file: string,
    private readonly wrapping: KeyWrapping,
  ) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = full');
    this.db.pragma('secure_delete = on');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS personal_data_keys (
        subject_id  TEXT PRIMARY KEY,
        wrapped_key BLOB,
        created_at  TEXT NOT NULL,
        erased_at   TEXT
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS progress (
        name     TEXT PRIMARY KEY,
        position TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
    this.statements = {
      find: this.db.prepare<[string], KeyRow>(
        'SELECT wrapped_key FROM personal_data_keys WHERE subject_id = ?',
      ),
      findMany: this.db.prepare<[string], KeyRow & { subject_id: string }>(
        'SELECT subject_id, wrapped_key FROM personal_data_keys ' +
          'WHERE subject_id IN (SELECT value FROM json_each(?))',
      ),
      insert: this.db.prepare<[string, Buffer, string]>(
        `INSERT INTO personal_data_keys (subject_id, wrapped_key, created_at) VALUES (?, ?, ?)
         ON CONFLICT (subject_id) DO NOTHING`,
      ),
      destroy: this.db.prepare<[string, string, string]>(
        `INSERT INTO personal_data_keys (subject_id, wrapped_key, created_at, erased_at)
         VALUES (?, NULL, ?, ?)
         ON CONFLICT (subject_id) DO UPDATE SET wrapped_key = NULL,
           erased_at = COALESCE(erased_at, excluded.erased_at)`,
      ),
      erasedUpTo: this.db.prepare<[], { position: string }>(
        "SELECT position FROM progress WHERE name = 'erased-up-to'",
      ),
      recordErasedUpTo: this.db.prepare<[string]>(
        `INSERT INTO progress (name, position) VALUES ('erased-up-to', ?)
         ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
      ),
    };
  }

  async keyFor(subjectId: string): Promise<Buffer> {
    this.assertOpen();
    const key = this.db
      .transaction(() => {
        const row = this.statements.find.get(subjectId);
        if (row) return row.wrapped_key;
        const wrapped = this.wrapping.wrap(subjectId, KeyWrapping.newKey());
        this.statements.insert.run(subjectId, wrapped, new Date().toISOString());
        return wrapped;
      })
      .immediate();
    if (!key) throw new PersonalDataErasedError(subjectId);
    return this.wrapping.unwrap(subjectId, key);
  }

  async find(subjectId: string): Promise<Buffer | null> {
    this.assertOpen();
    const wrapped = this.statements.find.get(subjectId)?.wrapped_key ?? null;
    return wrapped ? this.wrapping.unwrap(subjectId, wrapped) : null;
  }

  async findMany(subjectIds: readonly string[]): Promise<Map<string, KeyLookup>> {
    this.assertOpen();
    const found = new Map<string, KeyLookup>(subjectIds.map((id) => [id, 'none']));
    if (subjectIds.length === 0) return found;
    for (const row of this.statements.findMany.all(JSON.stringify(subjectIds))) {
      found.set(
        row.subject_id,
        row.wrapped_key ? this.wrapping.unwrap(row.subject_id, row.wrapped_key) : 'destroyed',
      );
    }
    return found;
  }

  async destroy(subjectId: string): Promise<void> {
    this.assertOpen();
    const now = new Date().toISOString();
    this.statements.destroy.run(subjectId, now, now);
    // Earlier frames of the write-ahead log still hold the page with the key: a truncating
    // checkpoint writes the page without it into the file and empties the log.
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async erasedUpTo(): Promise<bigint | null> {
    this.assertOpen();
    const row = this.statements.erasedUpTo.get();
    return row ? BigInt(row.position) : null;
  }

  async recordErasedUpTo(position: bigint): Promise<void> {
    this.assertOpen();
    this.statements.recordErasedUpTo.run(position.toString());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }

  private assertOpen() {
    if (this.closed) throw new Error('The personal data key store is closed');
  }
}
