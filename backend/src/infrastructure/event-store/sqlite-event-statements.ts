import type Database from 'better-sqlite3';
import { EVENT_COLUMNS, type EventRow } from './sqlite-event-rows';

/** The most events a subscription reads at once. */
export const SUBSCRIPTION_PAGE = 500;

/**
 * The statements the embedded event store runs, prepared once on its connection. No hot statement
 * binds its LIMIT: SQLite's planner reads a bound LIMIT's value, so binding it again prepares the
 * statement anew, which costs more than reading a short stream. A stream is read by a range of
 * revisions instead (they run from 0 without gaps), and a subscription's page has its size written
 * in.
 */
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
    /** The ids and positions of a stream's events from one revision to before another. */
    idsFrom: db.prepare<[bigint, bigint, bigint], { id: string; position: bigint }>(
      'SELECT id, position FROM events WHERE stream = ? AND revision >= ? AND revision < ? ORDER BY revision',
    ),
    insert: db.prepare<[string, bigint, string, bigint, string, string, string, string]>(
      `INSERT INTO events (id, stream, stream_id, revision, type, data, metadata, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    /** A stream's events from one revision to before another. */
    readStream: db
      .prepare<[string, bigint, bigint], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events
         WHERE stream = (SELECT num FROM streams WHERE stream_id = ?)
         AND revision >= ? AND revision < ? ORDER BY revision`,
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
    readPage: db
      .prepare<[bigint], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position
         LIMIT ${SUBSCRIPTION_PAGE}`,
      )
      .raw(true),
    /** The position of a stream's last event (a no-op append answers it). */
    lastPosition: db.prepare<[bigint], { position: bigint }>(
      'SELECT position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
    ),
    head: db.prepare<[], { position: bigint | null }>(
      'SELECT MAX(position) AS position FROM events',
    ),
  };
}

export type EventStatements = ReturnType<typeof prepareStatements>;
