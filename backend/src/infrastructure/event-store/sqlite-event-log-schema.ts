import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The embedded event log's tables, version 2. Streams are numbered in the order first written and
 * events refer to them by number, so the stream indexes of `events` grow at their end like the log:
 * a group commit of appends to new streams touches the index pages of one place, not a random page
 * per append and index. `stream_id` stays on each event so that reading the log needs no join.
 */
const SCHEMA_VERSION = 2;

const STREAMS_TABLE = `
  CREATE TABLE streams (
    num       INTEGER PRIMARY KEY,
    stream_id TEXT    NOT NULL UNIQUE
  )`;

const eventsTable = (name: string) => `
  CREATE TABLE ${name} (
    position   INTEGER PRIMARY KEY AUTOINCREMENT,
    id         TEXT    NOT NULL,
    stream     INTEGER NOT NULL,
    stream_id  TEXT    NOT NULL,
    revision   INTEGER NOT NULL,
    type       TEXT    NOT NULL,
    data       TEXT    NOT NULL,
    metadata   TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    UNIQUE (stream, revision)
  )`;

const EVENT_IDS_INDEX = 'CREATE INDEX events_by_stream_and_id ON events (stream, id)';

/** Opens (or creates) the log's file in WAL mode, with its tables. */
export function openEventLog(file: string, synchronous: 'full' | 'normal'): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  // The log is only appended to; should a row ever be deleted, its bytes go with it.
  db.pragma('secure_delete = on');
  db.defaultSafeIntegers(true);
  openSchema(db);
  return db;
}

/**
 * Creates the tables of a new file, or brings a file of the first version (events keyed by
 * their stream's name) to this one in one transaction: positions, revisions, ids and every
 * column are kept, so readers and projections see the same log. Several processes may open
 * the same file at once; the first to take the write lock does the work.
 */
export function openSchema(db: Database.Database): void {
  db.transaction(() => {
    const version = Number(db.pragma('user_version', { simple: true }));
    if (version === SCHEMA_VERSION) return;
    if (version > SCHEMA_VERSION) {
      throw new Error(
        `The event log was written by a newer version of the app (schema ${version}; this one reads ${SCHEMA_VERSION})`,
      );
    }
    const hasEvents = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'")
      .get();
    if (hasEvents) numberStreams(db);
    else db.exec(`${STREAMS_TABLE}; ${eventsTable('events')}; ${EVENT_IDS_INDEX};`);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

/** Version 1 to 2: number the streams in the order of their first event, then move the rows. */
function numberStreams(db: Database.Database): void {
  const sequence = db
    .prepare<[], { seq: bigint }>("SELECT seq FROM sqlite_sequence WHERE name = 'events'")
    .get()?.seq;
  db.exec(`
    ${STREAMS_TABLE};
    INSERT INTO streams (stream_id)
      SELECT stream_id FROM events GROUP BY stream_id ORDER BY MIN(position);
    ${eventsTable('events_numbered')};
    INSERT INTO events_numbered
        (position, id, stream, stream_id, revision, type, data, metadata, created_at)
      SELECT e.position, e.id, s.num, e.stream_id, e.revision, e.type, e.data, e.metadata,
             e.created_at
      FROM events e JOIN streams s ON s.stream_id = e.stream_id
      ORDER BY e.position;
    DROP TABLE events;
    ALTER TABLE events_numbered RENAME TO events;
    ${EVENT_IDS_INDEX};
  `);
  // Positions are never reused, even those of rows no longer in the table.
  if (sequence !== undefined) {
    db.prepare("UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = 'events'").run(sequence);
  }
}
