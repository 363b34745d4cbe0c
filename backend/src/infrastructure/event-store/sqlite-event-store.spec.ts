import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata, RecordedEvent } from '../../domain/shared/event';
import { describeEventStoreContract } from './event-store.contract';
import { WrongExpectedVersionError } from '../../application/ports/event-store.port';
import { type ImportedStream, SqliteEventStore } from './sqlite-event-store';
import { until } from '../../../test/support/until';
import { systemEvent } from '../../../test/support/system-event';

const dirs: string[] = [];

afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeEventStoreContract('embedded SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'events-'));
  dirs.push(dir);
  // Every read of the log in pages on the reader's thread, however short.
  return new SqliteEventStore(join(dir, 'events.sqlite'), {
    synchronous: 'normal',
    readAheadFrom: 0,
  });
});

describe('embedded SQLite event store across processes', () => {
  it('lets a second connection to the same file see the appended events', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'events-'));
    dirs.push(dir);
    const file = join(dir, 'events.sqlite');
    const writer = new SqliteEventStore(file);
    const reader = new SqliteEventStore(file);
    try {
      await writer.appendToStream('s-1', [systemEvent('A')]);
      expect(await reader.readStream('s-1')).toHaveLength(1);
      await expect(
        reader.appendToStream('s-1', [], { expectedRevision: 'no_stream' }),
      ).rejects.toThrow('Wrong expected version');
    } finally {
      await writer.close();
      await reader.close();
    }
  });
});

describe('embedded SQLite event store group commit', () => {
  const event = systemEvent;
  let store: SqliteEventStore;
  beforeEach(() => {
    const dir = mkdtempSync(join(tmpdir(), 'events-'));
    dirs.push(dir);
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(() => store.close());

  it('checks each append of one group against the appends before it in the group', async () => {
    const first = event('A');
    const replayed = event('B');
    // Asked for in one turn of the event loop: one transaction, in this order.
    const results = await Promise.allSettled([
      store.appendToStream('s', [first], { expectedRevision: 'no_stream' }),
      store.appendToStream('s', [event('A')], { expectedRevision: 'no_stream' }),
      store.appendToStream('s', [replayed], { expectedRevision: 0n }),
      store.appendToStream('s', [replayed], { expectedRevision: 0n }),
      store.appendToStream('t', [event('C'), event('D')], { expectedRevision: 'any' }),
      store.appendToStream('s', [event('E')], { expectedRevision: 5n }),
    ]);

    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    expect((results[5] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    // The repeated append answers the original result instead of writing twice.
    expect((results[3] as PromiseFulfilledResult<unknown>).value).toEqual(
      (results[2] as PromiseFulfilledResult<unknown>).value,
    );
    const log = await store.readAll();
    expect(log.map((e) => [e.streamId, e.revision, e.type])).toEqual([
      ['s', 0n, 'A'],
      ['s', 1n, 'B'],
      ['t', 0n, 'C'],
      ['t', 1n, 'D'],
    ]);
    expect(log.map((e) => e.position)).toEqual([1n, 2n, 3n, 4n]);
  });

  it('starts a stream with the first append taken, and only with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'events-'));
    dirs.push(dir);
    const file = join(dir, 'events.sqlite');
    const log = new SqliteEventStore(file);
    const results = await Promise.allSettled([
      log.appendToStream('refused', [event('A')], { expectedRevision: 'stream_exists' }),
      log.appendToStream('refused', [event('A')], { expectedRevision: 3n }),
      log.appendToStream('empty', [], { expectedRevision: 'no_stream' }),
      log.appendToStream('u', [event('A'), event('B')], { expectedRevision: 'any' }),
      log.appendToStream('u', [event('C')], { expectedRevision: 'any' }),
      log.appendToStream('u', [event('D')], { expectedRevision: 'no_stream' }),
      log.appendToStream('v', [event('E')], { expectedRevision: 'no_stream' }),
    ]);
    await log.close();

    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'refused'))).toEqual([
      'refused',
      'refused',
      { nextExpectedRevision: -1n, position: 0n },
      { nextExpectedRevision: 1n, position: 2n },
      { nextExpectedRevision: 2n, position: 3n },
      'refused',
      { nextExpectedRevision: 0n, position: 4n },
    ]);
    // Refused and empty appends leave no stream behind; streams are numbered as first written.
    const db = new Database(file, { readonly: true });
    const streams = db.prepare('SELECT stream_id FROM streams ORDER BY num').pluck().all();
    db.close();
    expect(streams).toEqual(['u', 'v']);
  });

  it('copies the write-ahead log into the file on a connection of its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'events-'));
    dirs.push(dir);
    const file = join(dir, 'events.sqlite');
    const log = new SqliteEventStore(file);
    const empty = statSync(file).size;
    // Past the commits after which a checkpoint is asked for (CHECKPOINT_EVERY_COMMITS), at about
    // 25 pages a commit far below the pages after which a commit would checkpoint by itself.
    const big = { ...event('A'), data: { text: 'x'.repeat(100_000) } };
    for (let i = 0; i < 70; i += 1) {
      await log.appendToStream(`s-${i}`, [{ ...big, id: randomUUID() }]);
    }
    await until(() => statSync(file).size > empty + 30 * 100_000);
    await log.close();

    const reopened = new SqliteEventStore(file);
    expect(await reopened.readAll()).toHaveLength(70);
    await reopened.close();
  });

  it('refuses an append whose data is not JSON without touching the rest of its group', async () => {
    const results = await Promise.allSettled([
      store.appendToStream('s', [event('A')]),
      store.appendToStream('s', [event('B'), { ...event('C'), data: { n: 1n } }]),
      store.appendToStream('s', [event('D')]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.readAll()).map((e) => e.type)).toEqual(['A', 'D']);
  });

  it('writes the appends already asked for before it closes', async () => {
    const appending = store.appendToStream('s', [event('A')]);
    await store.close();
    await expect(appending).resolves.toEqual({ nextExpectedRevision: 0n, position: 1n });
    await expect(store.appendToStream('s', [event('B')])).rejects.toThrow('closed');
  });
});

describe('embedded SQLite event store bulk import (seeding)', () => {
  const metadata = (n: number): EventMetadata => ({
    actor: { type: 'user', id: `user-${n}` },
    correlationId: `correlation-${n}`,
    causationId: `correlation-${n}`,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  });
  const streams: ImportedStream[] = [
    { streamId: 'post-1', events: [{ id: randomUUID(), type: 'PostPublished', data: { n: 1 } }] },
    { streamId: 'like-post-1-u', events: [{ id: randomUUID(), type: 'Liked', data: { n: 2 } }] },
    {
      streamId: 'user-u',
      events: [
        { id: randomUUID(), type: 'UserRegistered', data: { n: 3 } },
        { id: randomUUID(), type: 'EmailVerified', data: null },
      ],
    },
    { streamId: 'empty', events: [] },
    { streamId: 'vote-1-u', events: [{ id: randomUUID(), type: 'Rated', data: { score: 7 } }] },
  ].map((stream, s) => ({
    streamId: stream.streamId,
    events: stream.events.map((event, e) => ({ ...event, metadata: metadata(s * 10 + e) })),
  }));

  const open = () => {
    const dir = mkdtempSync(join(tmpdir(), 'events-'));
    dirs.push(dir);
    // Polling far slower than the test: a live subscription sees the import only if woken.
    return new SqliteEventStore(join(dir, 'events.sqlite'), {
      synchronous: 'normal',
      pollIntervalMs: 60_000,
    });
  };
  /** Everything a reader sees of an event except when it was written. */
  const seen = (events: RecordedEvent[]) => events.map(({ createdAt: _, ...rest }) => rest);
  const collect = async (store: SqliteEventStore, count: number) => {
    const events: RecordedEvent[] = [];
    let done: () => void = () => undefined;
    const all = new Promise<void>((resolve) => (done = resolve));
    const subscription = store.subscribeToAll({}, (event) => {
      events.push(event);
      if (events.length === count) done();
    });
    await all;
    await subscription.stop();
    return events;
  };

  let appended: SqliteEventStore;
  let imported: SqliteEventStore;
  beforeEach(async () => {
    appended = open();
    imported = open();
    for (const { streamId, events } of streams) {
      await appended.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
    }
  });
  afterEach(async () => {
    await appended.close();
    await imported.close();
  });

  it('reads back exactly as the same streams appended one by one', async () => {
    const result = await imported.importEvents(streams);

    expect(result).toEqual({ streams: 4, events: 5, position: 5n });
    expect(await imported.headPosition()).toBe(await appended.headPosition());
    expect(seen(await imported.readAll())).toEqual(seen(await appended.readAll()));
    expect(seen(await imported.readAll({ after: 2n, maxCount: 2 }))).toEqual(
      seen(await appended.readAll({ after: 2n, maxCount: 2 })),
    );
    for (const { streamId } of streams) {
      expect(seen(await imported.readStream(streamId))).toEqual(
        seen(await appended.readStream(streamId)),
      );
    }
    expect(seen(await collect(imported, 5))).toEqual(seen(await collect(appended, 5)));
    for (const event of await imported.readAll()) expect(event.createdAt).toBeInstanceOf(Date);
  });

  it('takes streams from a generator and wakes a live subscription', async () => {
    const live = collect(imported, 5);
    await new Promise((resolve) => setTimeout(resolve, 20)); // it has found the log empty
    function* generate() {
      yield* streams;
    }
    await imported.importEvents(generate());
    expect(seen(await live)).toEqual(seen(await appended.readAll()));
  });

  it('leaves imported streams to the normal appends: revisions, conflicts and idempotency', async () => {
    await imported.importEvents(streams);
    const [user] = streams.filter((s) => s.streamId === 'user-u');
    const next = { id: randomUUID(), type: 'ProfileUpdated', data: {}, metadata: metadata(99) };

    await expect(
      imported.appendToStream('user-u', [next], { expectedRevision: 0n }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await imported.appendToStream('user-u', [next], { expectedRevision: 1n })).toEqual({
      nextExpectedRevision: 2n,
      position: 6n,
    });
    // Re-sending imported events answers their original place, as for appended ones.
    expect(await imported.appendToStream('user-u', user.events)).toEqual(
      await appended.appendToStream('user-u', user.events),
    );
  });

  it('writes nothing when a stream already exists or comes twice', async () => {
    await imported.appendToStream('vote-1-u', streams[4].events);
    await expect(imported.importEvents(streams)).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await imported.headPosition()).toBe(1n);

    const twice = [streams[0], { ...streams[0], events: streams[1].events }];
    await expect(imported.importEvents(twice)).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await imported.headPosition()).toBe(1n);
  });
});

describe('embedded SQLite event store opening a log of the first schema', () => {
  const metadata: EventMetadata = {
    actor: { type: 'system', id: 'test' },
    correlationId: 'c',
    causationId: 'c',
    at: '2026-01-01T00:00:00.000Z',
  };
  const ids = Array.from({ length: 5 }, () => randomUUID());
  /** Events keyed by their stream's name, as the first version of the store wrote them. */
  const writeFirstSchema = (file: string) => {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec(`
      CREATE TABLE events (
        position   INTEGER PRIMARY KEY AUTOINCREMENT,
        id         TEXT    NOT NULL,
        stream_id  TEXT    NOT NULL,
        revision   INTEGER NOT NULL,
        type       TEXT    NOT NULL,
        data       TEXT    NOT NULL,
        metadata   TEXT    NOT NULL,
        created_at TEXT    NOT NULL,
        UNIQUE (stream_id, revision)
      );
      CREATE INDEX events_by_stream_and_id ON events (stream_id, id);
    `);
    const insert = db.prepare(
      'INSERT INTO events (id, stream_id, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const rows: [string, number, string][] = [
      ['post-b', 0, 'PostPublished'],
      ['user-a', 0, 'UserRegistered'],
      ['post-b', 1, 'PostLiked'],
      ['user-a', 1, 'EmailVerified'],
      ['post-c', 0, 'PostPublished'],
    ];
    rows.forEach(([stream, revision, type], i) =>
      insert.run(
        ids[i],
        stream,
        revision,
        type,
        JSON.stringify({ i }),
        JSON.stringify(metadata),
        '2026-01-01T00:00:00.000Z',
      ),
    );
    // The last event's position stays used even though its row is gone.
    db.prepare('DELETE FROM events WHERE position = 5').run();
    db.close();
  };
  let file: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    const dir = mkdtempSync(join(tmpdir(), 'events-'));
    dirs.push(dir);
    file = join(dir, 'events.sqlite');
    writeFirstSchema(file);
    store = new SqliteEventStore(file, { synchronous: 'normal' });
  });
  afterEach(() => store.close());

  it('reads the same log, stream by stream and in log order', async () => {
    const all = await store.readAll();
    expect(all.map((e) => [e.position, e.streamId, e.revision, e.type, e.id, e.data])).toEqual([
      [1n, 'post-b', 0n, 'PostPublished', ids[0], { i: 0 }],
      [2n, 'user-a', 0n, 'UserRegistered', ids[1], { i: 1 }],
      [3n, 'post-b', 1n, 'PostLiked', ids[2], { i: 2 }],
      [4n, 'user-a', 1n, 'EmailVerified', ids[3], { i: 3 }],
    ]);
    expect((await store.readStream('user-a')).map((e) => e.id)).toEqual([ids[1], ids[3]]);
    expect(await store.readStream('post-c')).toEqual([]);
  });

  it('goes on appending after it: revisions, conflicts, replays and positions', async () => {
    const next = { id: randomUUID(), type: 'PostLiked', data: {}, metadata };
    await expect(store.appendToStream('post-b', [next], { expectedRevision: 1n })).resolves.toEqual(
      { nextExpectedRevision: 2n, position: 6n },
    );
    await expect(
      store.appendToStream('post-b', [{ ...next, id: randomUUID() }], { expectedRevision: 1n }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    const replayed = { id: ids[1], type: 'UserRegistered', data: { i: 1 }, metadata };
    await expect(store.appendToStream('user-a', [replayed])).resolves.toEqual({
      nextExpectedRevision: 0n,
      position: 2n,
    });
    await expect(
      store.appendToStream('post-c', [{ ...next, id: randomUUID() }], {
        expectedRevision: 'no_stream',
      }),
    ).resolves.toEqual({ nextExpectedRevision: 0n, position: 7n });
  });

  it('is changed once: a second store on the file reads it as it is', async () => {
    const again = new SqliteEventStore(file, { synchronous: 'normal' });
    try {
      expect(await again.readAll()).toEqual(await store.readAll());
    } finally {
      await again.close();
    }
  });

  it('refuses a log written by a newer version of the app', async () => {
    const db = new Database(file);
    db.pragma('user_version = 3');
    db.close();
    expect(() => new SqliteEventStore(file)).toThrow(
      'The event log was written by a newer version of the app (schema 3; this one reads 2)',
    );
  });
});
