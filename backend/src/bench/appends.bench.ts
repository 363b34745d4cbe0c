/**
 * The durable appends section of `npm run bench`: the event store's appends, by 64 concurrent
 * writers and by one, beside raw better-sqlite3 doing one fsynced insert per transaction on the
 * same file system, in alternating rounds. Each round first appends until the write-ahead log has
 * started over twice, as a running app's has: a new file is slower while its log grows, to about
 * 4,000 pages for the store (`CATCH_UP_FROM_PAGES`) and 1,000 for the raw loop, so 600 appends to a
 * new file were nearly all growth for the store and under half for the anchor.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newRecordId } from '../application/shared/record-ids';
import type { EventMetadata } from '../domain/shared/event';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite-event-store';
import {
  alternate,
  busyBoundRatios,
  type Measure,
  median,
  perSecond,
  type Report,
} from './figures';

const metadata: EventMetadata = {
  actor: { type: 'system', id: 'bench' },
  correlationId: 'bench',
  causationId: 'bench',
  at: '2026-01-01T00:00:00.000Z',
};

function photoRated(i: number) {
  // A rating's id as the app makes it: its stream's name sorts after the last one's.
  const ratingId = newRecordId();
  return {
    streamId: `rating-${ratingId}`,
    event: {
      id: randomUUID(),
      type: 'PhotoRated',
      data: {
        ratingId,
        imageUrl: `/uploads/ab/${i}.webp`,
        thumbnailUrl: `/uploads/ab/${i}.thumb.webp`,
        imageHash: i.toString(16).padStart(16, '0'),
        contentHash: i.toString(16).padStart(64, '0'),
        toeAlignment: 7,
        toeNails: 8,
        footShape: 6.5,
        aesthetic: 7.5,
        overall: 7.3,
        comment: 'Bright, sharp and well framed.',
        rater: 'offline-v1',
      },
      metadata,
    },
  };
}

const CONCURRENT_WRITERS = 64;

/**
 * The anchor of durable appends: better-sqlite3 alone on the same file system, the events
 * table of the store, one insert of the same row per fsynced (synchronous=FULL, WAL)
 * transaction. No store can do one durable transaction per append faster than this.
 */
async function rawAppends(count: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const file = join(dir, 'raw.sqlite');
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = full');
    db.exec(`
      CREATE TABLE events (
        position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL, stream_id TEXT NOT NULL,
        revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL,
        created_at TEXT NOT NULL, UNIQUE (stream_id, revision)
      );
      CREATE INDEX events_by_stream_and_id ON events (stream_id, id);
    `);
    const insert = db.prepare(
      'INSERT INTO events (id, stream_id, revision, type, data, metadata, created_at) VALUES (?, ?, 0, ?, ?, ?, ?)',
    );
    const append = db.transaction(
      (streamId: string, event: ReturnType<typeof photoRated>['event']) =>
        insert.run(
          event.id,
          streamId,
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
          new Date().toISOString(),
        ),
    );
    await untilLogStartedOverTwice(file, 1, (i) => {
      const { streamId, event } = photoRated(i);
      append.immediate(streamId, event);
    });
    const rows = Array.from({ length: count }, (_, i) => photoRated(i));
    const started = performance.now();
    for (const { streamId, event } of rows) append.immediate(streamId, event);
    return perSecond(count, performance.now() - started);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `writers` clients appending `count` new streams in all through the store, each awaiting its
 * own: their rate, and how long the event loop was busy meanwhile (the store's appends, commits
 * and their answers all run on it).
 */
async function storeAppends(
  writers: number,
  count: number,
): Promise<{ perSecond: number; loopBusyMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const file = join(dir, 'events.sqlite');
  const store = new SqliteEventStore(file);
  try {
    await untilLogStartedOverTwice(file, writers, async (i) => {
      const { streamId, event } = photoRated(i);
      await store.appendToStream(streamId, [event], { expectedRevision: 'no_stream' });
    });
    const rows = Array.from({ length: count }, (_, i) => photoRated(i));
    let next = 0;
    const loop = performance.eventLoopUtilization();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (next < rows.length) {
          const { streamId, event } = rows[next];
          next += 1;
          await store.appendToStream(streamId, [event], { expectedRevision: 'no_stream' });
        }
      }),
    );
    const ms = performance.now() - started;
    const loopBusyMs = performance.eventLoopUtilization(loop).active;
    return { perSecond: perSecond(count, ms), loopBusyMs };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Warm-up appends at most, should a file's log never be seen to start over. */
const MOST_WARM_UP_APPENDS = 100_000;

/**
 * The first salt of a SQLite file's write-ahead log, from the log's own header (big-endian, at
 * byte 16: https://www.sqlite.org/fileformat2.html#walformat). SQLite writes a new header, with
 * another salt, each time the log starts over. Null before the log has its header.
 */
export function walSalt(file: string): number | null {
  const header = Buffer.alloc(4);
  let fd: number;
  try {
    // SQLite takes no lock on the log file itself, so closing this descriptor drops none.
    fd = openSync(`${file}-wal`, 'r');
  } catch {
    return null;
  }
  try {
    return readSync(fd, header, 0, 4, 16) === 4 ? header.readUInt32BE(0) : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Appends (`writers` at a time, as the round will) until the file's write-ahead log has started
 * over twice: its salt, in the log's header, changes each time it does.
 */
export async function untilLogStartedOverTwice(
  file: string,
  writers: number,
  append: (i: number) => void | Promise<void>,
): Promise<void> {
  let next = 0;
  let salt: number | null = null;
  let startsOver = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (startsOver < 2) {
        if (next >= MOST_WARM_UP_APPENDS) throw new Error('The log never started over');
        next += 1;
        await append(next);
        const now = walSalt(file);
        if (now === null) continue;
        if (salt !== null && now !== salt) startsOver += 1;
        salt = now;
      }
    }),
  );
}

/** Alternating rounds of each appends figure with the raw anchor (the disk's mood drifts). */
const APPEND_ROUNDS = 5;

export async function benchAppends(report: Report, scale: number): Promise<void> {
  const perRound = Math.max(100, Math.round((3000 * scale) / APPEND_ROUNDS));
  const concurrentPerRound = Math.max(
    CONCURRENT_WRITERS * 10,
    Math.round((30_000 * scale) / APPEND_ROUNDS),
  );
  const anchor: Measure = {
    name: 'raw better-sqlite3, one insert per fsynced transaction, same file system (each log started over twice first)',
    value: 0,
    unit: 'events/s',
  };
  const many = await storeRounds(CONCURRENT_WRITERS, concurrentPerRound, perRound);
  report.figure(
    `durable appends, ${CONCURRENT_WRITERS} concurrent writers (${concurrentPerRound * APPEND_ROUNDS} events)`,
    { rounds: many.rounds, unit: 'events/s' },
    anchor,
    // Bound by the event loop's work per append on this machine: a floor, not a goal.
    { ratioAtLeast: 7, floor: true },
    {
      'event loop busy µs per append': many.busyPerAppendUs,
      // The appends of a group are written one after another on the event loop: its busy time
      // per append bounds the rate, however many writers wait.
      'ratio at most, the loop never idle': median(
        busyBoundRatios(concurrentPerRound, many.busyMs, many.rounds.anchors),
      ),
    },
  );
  const one = await storeRounds(1, perRound, perRound);
  report.figure(
    `durable appends, one writer (${perRound * APPEND_ROUNDS} events)`,
    { rounds: one.rounds, unit: 'events/s' },
    anchor,
    { ratioAtLeast: 0.65, floor: true },
    // The rest of each append's time is waiting: for its flush, on another thread, and the turn.
    { 'event loop busy µs per append': one.busyPerAppendUs },
  );
}

/**
 * `writers` appending `count` events through the store, in rounds alternating with the raw loop
 * appending `rawCount`: the rounds, each store round's event-loop busy time, and their median per
 * append in µs.
 */
async function storeRounds(writers: number, count: number, rawCount: number) {
  const busyMs: number[] = [];
  const rounds = await alternate(
    APPEND_ROUNDS,
    async () => {
      const round = await storeAppends(writers, count);
      busyMs.push(round.loopBusyMs);
      return round.perSecond;
    },
    () => rawAppends(rawCount),
  );
  return { rounds, busyMs, busyPerAppendUs: median(busyMs.map((ms) => (ms * 1000) / count)) };
}
