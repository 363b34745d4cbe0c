import type Database from 'better-sqlite3';
import { EVENT_COLUMNS, type EventRow } from './sqlite-event-rows';

/** The statements the embedded event store runs, prepared once on its connection. */
export function prepareStatements(db: Database.Database) {
  return {
    streamOf: db.prepare<[string], { num: bigint; revision: bigint | null }>(
      `SELECT num, (SELECT MAX(revision) FROM events WHERE stream = num) AS revision
       FROM streams WHERE stream_id = ?`,
    ),
    newStream: db.prepare<[string]>('INSERT INTO streams (stream_id) VALUES (?)'),
    newStreamIfAbsent: db.prepare<[string]>('INSERT OR IGNORE INTO streams (stream_id) VALUES (?)'),
    findById: db.prepare<[bigint, string], { revision: bigint; position: bigint }>(
      'SELECT revision, position FROM events WHERE stream = ? AND id = ?',
    ),
    idsFrom: db.prepare<[bigint, bigint, number], { id: string; position: bigint }>(
      'SELECT id, position FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ),
    insert: db.prepare<[string, bigint, string, bigint, string, string, string, string]>(
      `INSERT INTO events (id, stream, stream_id, revision, type, data, metadata, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    readStream: db
      .prepare<[string, bigint, number], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events
         WHERE stream = (SELECT num FROM streams WHERE stream_id = ?)
         AND revision >= ? ORDER BY revision LIMIT ?`,
      )
      .raw(true),
    readLast: db
      .prepare<[string], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events
         WHERE stream = (SELECT num FROM streams WHERE stream_id = ?)
         ORDER BY revision DESC LIMIT 1`,
      )
      .raw(true),
    readAll: db
      .prepare<[bigint, number], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
      )
      .raw(true),
    head: db.prepare<[], { position: bigint | null }>(
      'SELECT MAX(position) AS position FROM events',
    ),
  };
}

export type EventStatements = ReturnType<typeof prepareStatements>;
