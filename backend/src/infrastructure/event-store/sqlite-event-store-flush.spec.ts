import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '../../domain/shared/event';
import type { Flush } from '../sqlite/wal-sync';
import { describeEventStoreContract } from './event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';
import { until } from '../../../test/support/until';
import { systemEvent } from '../../../test/support/system-event';

const dirs: string[] = [];
const newFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'events-'));
  dirs.push(dir);
  return join(dir, 'events.sqlite');
};

afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// The production setting: commits flushed to the disk off the thread before they answer.
describeEventStoreContract('embedded SQLite, flushed to the disk', async () =>
  Promise.resolve(new SqliteEventStore(newFile())),
);

const event = systemEvent;

/** A flush of the log's file the test lets finish (or fail), one call at a time. */
function heldFlush() {
  const calls: Array<(error: NodeJS.ErrnoException | null) => void> = [];
  let held = true;
  const flush: Flush = (_fd, done) => (held ? calls.push(done) : done(null));
  /** Lets every flush finish, those held and those to come. */
  const release = () => {
    held = false;
    calls.forEach((done) => done(null));
  };
  return { flush, calls, release };
}

function tracked<T>(promise: Promise<T>) {
  const state = { value: undefined as T | undefined, error: null as Error | null };
  promise.then(
    (value) => (state.value = value),
    (error: Error) => (state.error = error),
  );
  return state;
}

/** Counts the appends' groups committed, each in a transaction of its own. */
function countGroupCommits() {
  const prototype = SqliteEventStore.prototype as unknown as {
    commitGroup(group: unknown[]): void;
  };
  return jest.spyOn(prototype, 'commitGroup');
}

/** Counts the pages subscriptions read, to wait for reads made after a point. */
function countPageReads() {
  const prototype = SqliteEventStore.prototype as unknown as {
    durablePage(after: bigint | undefined): RecordedEvent[];
  };
  return jest.spyOn(prototype, 'durablePage');
}

describe('embedded SQLite event store, flushed to the disk off its thread', () => {
  let pageReads: ReturnType<typeof countPageReads>;
  /** Stopped and closed after each test, passed or failed. */
  let opened: Array<() => Promise<void>> = [];
  beforeEach(() => (pageReads = countPageReads()));
  afterEach(async () => {
    pageReads.mockRestore();
    for (const close of opened) await close();
    opened = [];
  });

  /** A store whose flushes the test lets finish, with a subscription from its start. */
  function heldStore() {
    const { flush, calls, release } = heldFlush();
    const store = new SqliteEventStore(newFile(), { flush, pollIntervalMs: 1 });
    const seen: string[] = [];
    const subscription = store.subscribeToAll({}, (recorded) => {
      seen.push(recorded.type);
    });
    opened.push(
      // A flush left held would keep the store from closing.
      async () => release(),
      () => subscription.stop(),
      () => store.close(),
    );
    return { store, calls, seen };
  }

  it('answers an append, and shows it to subscriptions, only once the log holding it is flushed', async () => {
    const { store, calls, seen } = heldStore();

    const first = tracked(store.appendToStream('s-1', [event('First')]));
    await until(() => calls.length === 1);
    // Committed (reads see it) but neither answered nor handed to the subscription.
    expect(await store.readStream('s-1')).toHaveLength(1);
    const readsBefore = pageReads.mock.calls.length;
    await until(() => pageReads.mock.calls.length >= readsBefore + 3);
    expect(seen).toEqual([]);
    expect(first.value).toBeUndefined();

    // A second group commits while the first flush runs, and waits for the next.
    const second = tracked(store.appendToStream('s-2', [event('Second')]));
    await until(async () => (await store.readStream('s-2')).length === 1);
    expect(calls).toHaveLength(1);

    calls[0](null);
    await until(() => first.value !== undefined && seen.length === 1);
    expect(seen).toEqual(['First']);
    expect(second.value).toBeUndefined();
    await until(() => calls.length === 2);
    calls[1](null);
    await until(() => second.value !== undefined && seen.length === 2);
    expect(seen).toEqual(['First', 'Second']);
    expect(second.value!.position).toBeGreaterThan(first.value!.position);
  });

  describe('a group of appends asked for in one turn', () => {
    let commits: ReturnType<typeof countGroupCommits>;
    beforeEach(() => (commits = countGroupCommits()));
    afterEach(() => commits.mockRestore());

    /** A held store whose flushes note how many events the log's file held when asked for. */
    function countingStore() {
      const { flush, calls, release } = heldFlush();
      const file = newFile();
      const eventsAtFlush: number[] = [];
      const store = new SqliteEventStore(file, {
        flush: (fd, done) => {
          eventsAtFlush.push(count.get() as number);
          flush(fd, done);
        },
      });
      const reader = new Database(file, { readonly: true });
      const count = reader.prepare('SELECT count(*) FROM events').pluck();
      opened.push(
        async () => release(),
        () => store.close(),
        async () => void reader.close(),
      );
      return { store, calls, eventsAtFlush };
    }

    const appendMany = (store: SqliteEventStore, from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        tracked(store.appendToStream(`s-${from + i}`, [event(`E${from + i}`)])),
      );

    it('is committed in two halves when large and the disk is idle: the first half is flushed while the second is written', async () => {
      const { store, calls, eventsAtFlush } = countingStore();
      const appends = appendMany(store, 0, 20);
      // The second half also holds an append that depends on one of the first.
      const dependent = tracked(
        store.appendToStream('s-0', [event('Again')], { expectedRevision: 0n }),
      );
      await until(async () => (await store.readAll()).length === 21);
      expect(commits).toHaveBeenCalledTimes(2);
      expect(commits.mock.calls.map(([group]) => group.length)).toEqual([11, 10]);
      // The flush was asked for before the second half was written.
      expect(calls).toHaveLength(1);
      expect(eventsAtFlush).toEqual([11]);

      calls[0](null);
      await until(() => appends.slice(0, 11).every((append) => append.value !== undefined));
      expect(appends.slice(11).every((append) => append.value === undefined)).toBe(true);
      await until(() => calls.length === 2);
      expect(eventsAtFlush).toEqual([11, 21]);
      calls[1](null);
      await until(() => dependent.value !== undefined);
      const positions = appends.map((append) => append.value!.position);
      expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
      expect(dependent.value!.nextExpectedRevision).toBe(1n);
    });

    it('is one transaction when a flush is under way, or when it is small', async () => {
      const { store, calls, eventsAtFlush } = countingStore();
      const small = appendMany(store, 0, 15);
      await until(() => calls.length === 1);
      expect(commits.mock.calls.map(([group]) => group.length)).toEqual([15]);
      expect(eventsAtFlush).toEqual([15]);

      // The first flush is held: a large group now would wait for the next flush whole.
      const large = appendMany(store, 15, 30);
      await until(async () => (await store.readAll()).length === 45);
      expect(commits.mock.calls.map(([group]) => group.length)).toEqual([15, 30]);
      calls[0](null);
      await until(() => calls.length === 2);
      calls[1](null);
      await until(() => large.every((append) => append.value !== undefined));
      expect(small.every((append) => append.value !== undefined)).toBe(true);
    });
  });

  it('fails the appends of a flush that failed and takes no append after it', async () => {
    const { store, calls, seen } = heldStore();
    const lost = tracked(store.appendToStream('s-1', [event('Lost')]));
    await until(() => calls.length === 1);
    calls[0](Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await until(() => lost.error !== null);
    expect(lost.error!.message).toBe(
      'The write-ahead log could not be flushed to the disk: EIO: i/o error, fdatasync',
    );
    await expect(store.appendToStream('s-2', [event('Refused')])).rejects.toBe(lost.error);
    // What the failed flush was to cover is never handed on: the disk may not have it.
    const readsBefore = pageReads.mock.calls.length;
    await until(() => pageReads.mock.calls.length >= readsBefore + 3);
    expect(seen).toEqual([]);
  });

  it('imports streams, handed to subscriptions once flushed', async () => {
    const { store, calls, seen } = heldStore();
    const imported = tracked(
      store.importEvents([{ streamId: 's-1', events: [event('A'), event('B')] }]),
    );
    await until(() => calls.length === 1);
    const readsBefore = pageReads.mock.calls.length;
    await until(() => pageReads.mock.calls.length >= readsBefore + 3);
    expect(seen).toEqual([]);
    expect(imported.value).toBeUndefined();
    calls[0](null);
    await until(() => seen.length === 2);
    expect(imported.value).toMatchObject({ streams: 1, events: 2 });
  });
});
