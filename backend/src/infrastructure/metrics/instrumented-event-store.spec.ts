import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type EventToAppend,
  WrongExpectedVersionError,
} from '../../application/ports/event-store.port';
import { describeEventStoreContract } from '../event-store/event-store.contract';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import type { AppendOutcome } from './app-metrics';
import { type AppendMetrics, InstrumentedEventStore } from './instrumented-event-store';

const dirs: string[] = [];
const logs: SqliteEventStore[] = [];
// Closed before their folders go: an open log's background checkpoint would find none.
afterAll(async () => {
  await Promise.all(logs.map((log) => log.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function sqliteLog(): SqliteEventStore {
  const dir = mkdtempSync(join(tmpdir(), 'instrumented-'));
  dirs.push(dir);
  const log = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'normal' });
  logs.push(log);
  return log;
}

class RecordedMetrics implements AppendMetrics {
  appended: [string, number][] = [];
  appends: [string, AppendOutcome, number][] = [];
  eventsAppendedTo(category: string, count: number) {
    this.appended.push([category, count]);
  }
  appendTook(category: string, outcome: AppendOutcome, seconds: number) {
    this.appends.push([category, outcome, seconds]);
  }
}

const event = (type = 'Happened'): EventToAppend => ({
  id: randomUUID(),
  type,
  data: { n: 1 },
  metadata: {
    actor: { type: 'system', id: 'test' },
    correlationId: 'c',
    causationId: 'c',
    at: '2026-01-01T00:00:00.000Z',
  },
});

/** A clock that moves 2 ms between two readings. */
function steppingClock(): () => bigint {
  let now = 0n;
  return () => (now += 2_000_000n);
}

// The decorator keeps every promise of the port, whichever log is behind it.
describeEventStoreContract(
  'instrumented',
  async () => new InstrumentedEventStore(sqliteLog(), new RecordedMetrics()),
);

describe('instrumented event store', () => {
  it('counts appended events by the stream name before its first dash, and times each append', async () => {
    const metrics = new RecordedMetrics();
    const store = new InstrumentedEventStore(sqliteLog(), metrics, steppingClock());
    await store.appendToStream(`post-${randomUUID()}`, [event(), event()]);
    await store.appendToStream(`like-post-${randomUUID()}-u1`, [event()]);
    await store.appendToStream('Settings', [event()]);
    expect(metrics.appended).toEqual([
      ['post', 2],
      ['like', 1],
      ['settings', 1],
    ]);
    expect(metrics.appends).toEqual([
      ['post', 'ok', 0.002],
      ['like', 'ok', 0.002],
      ['settings', 'ok', 0.002],
    ]);
  });

  it('times a refused append as a conflict or an error and counts none of its events', async () => {
    const metrics = new RecordedMetrics();
    const log = sqliteLog();
    const store = new InstrumentedEventStore(log, metrics, steppingClock());
    await expect(
      store.appendToStream('post-1', [event()], { expectedRevision: 3n }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await log.close();
    await expect(store.appendToStream('post-1', [event()])).rejects.toThrow();
    expect(metrics.appended).toEqual([]);
    expect(metrics.appends).toEqual([
      ['post', 'conflict', 0.002],
      ['post', 'error', 0.002],
    ]);
  });

  it('keeps odd stream names and a flood of categories out of the labels', async () => {
    const metrics = new RecordedMetrics();
    const store = new InstrumentedEventStore(sqliteLog(), metrics);
    await store.appendToStream('-leading-dash', [event()]);
    await store.appendToStream('日本-1', [event()]);
    for (let n = 0; n < 70; n += 1) await store.appendToStream(`kind${n}-x`, [event()]);
    const categories = new Set(metrics.appended.map(([category]) => category));
    expect(metrics.appended.slice(0, 2)).toEqual([
      ['other', 1],
      ['other', 1],
    ]);
    expect(categories.size).toBeLessThanOrEqual(65);
    expect(metrics.appended.at(-1)).toEqual(['other', 1]);
  });

  it('passes the scrubbing of freed space through only where the log has it', async () => {
    const withScrub = new InstrumentedEventStore(sqliteLog(), new RecordedMetrics());
    expect(withScrub.scrubFreedSpace).toBeDefined();
    await withScrub.scrubFreedSpace!();
    // A server log (EventStoreDB) keeps its own files and has no scrubbing.
    const serverLike = Object.assign(Object.create(sqliteLog()) as SqliteEventStore, {
      scrubFreedSpace: undefined,
    });
    const plain = new InstrumentedEventStore(serverLike, new RecordedMetrics());
    expect(plain.scrubFreedSpace).toBeUndefined();
  });
});
