import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '../../domain/shared/event';
import type { Subscription } from '../../application/ports/event-store.port';
import { SqliteEventStore } from './sqlite-event-store';
import { until } from '../../../test/support/until';
import { systemEvent } from '../../../test/support/system-event';

describe('embedded SQLite event store: the pages its subscriptions read', () => {
  let dir: string;
  let opened: Array<() => Promise<void>> = [];
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'events-'))));
  afterEach(async () => {
    for (const close of opened.reverse()) await close();
    opened = [];
    rmSync(dir, { recursive: true, force: true });
  });

  function open(options: { pollIntervalMs?: number } = {}) {
    const store = new SqliteEventStore(join(dir, 'events.sqlite'), options);
    opened.push(() => store.close());
    return store;
  }

  /** Counts the pages the store reads from its file for its subscriptions. */
  function countFileReads(store: SqliteEventStore) {
    const { readPage } = (
      store as unknown as { statements: { readPage: { all: (after: bigint) => unknown[] } } }
    ).statements;
    const read = readPage.all.bind(readPage);
    const counted = { reads: 0 };
    readPage.all = (after) => {
      counted.reads += 1;
      return read(after);
    };
    return counted;
  }

  function subscribe(store: SqliteEventStore) {
    const seen: RecordedEvent[] = [];
    const subscription: Subscription = store.subscribeToAll({}, (event) => {
      seen.push(event);
    });
    opened.push(() => subscription.stop());
    return seen;
  }

  it('reads the page an append wakes them to once for all the subscriptions at that position, and freezes its events', async () => {
    const store = open();
    await store.appendToStream('s-1', [systemEvent('First')]);
    const pages = countFileReads(store);
    const subscribers = [subscribe(store), subscribe(store), subscribe(store)];
    await until(() => subscribers.every((seen) => seen.length === 1));
    // Started in one turn, they caught up on one page.
    expect(pages.reads).toBe(1);

    await store.appendToStream('s-2', [systemEvent('Second', { n: 2 })]);
    await until(() => subscribers.every((seen) => seen.length === 2));
    expect(pages.reads).toBe(2);
    const [second] = subscribers.map((seen) => seen[1]);
    expect(subscribers.every((seen) => seen[1] === second)).toBe(true);
    expect(Object.isFrozen(second) && Object.isFrozen(second.data)).toBe(true);
    expect(Object.isFrozen(second.metadata)).toBe(true);
    expect(() => {
      (second.data as { n: number }).n = 3;
    }).toThrow(TypeError);
  });

  it('reads the file again at the next turn, so appends by another connection still arrive', async () => {
    const store = open({ pollIntervalMs: 5 });
    const other = open();
    await store.appendToStream('s-1', [systemEvent('Here')]);
    const pagesAsked = jest.spyOn(
      SqliteEventStore.prototype as unknown as { durablePage(after?: bigint): RecordedEvent[] },
      'durablePage',
    );
    opened.push(async () => pagesAsked.mockRestore());
    const seen = subscribe(store);
    await until(() => seen.length === 1);
    // It has polled the head of the log and found nothing new, at least twice.
    const asked = pagesAsked.mock.calls.length;
    await until(() => pagesAsked.mock.calls.length >= asked + 2);
    // Written through another connection: no append of this store wakes the subscription, its
    // polls read the file until the event is there.
    await other.appendToStream('s-2', [systemEvent('Elsewhere')]);
    await until(() => seen.length === 2);
    expect(seen.map((event) => event.type)).toEqual(['Here', 'Elsewhere']);
  });
});

describe('embedded SQLite event store: a stream read by its revisions', () => {
  it('reads from revision 0 at most, and as many as there are past the largest count', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'events-'));
    const store = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'normal' });
    try {
      await store.appendToStream(
        's',
        ['A', 'B', 'C'].map((type) => systemEvent(type)),
      );
      const types = async (options: { fromRevision?: bigint; maxCount?: number }) =>
        (await store.readStream('s', options)).map((event) => event.type);
      expect(await types({ fromRevision: -5n, maxCount: 2 })).toEqual(['A', 'B']);
      expect(await types({ fromRevision: 1n, maxCount: Number.MAX_SAFE_INTEGER })).toEqual([
        'B',
        'C',
      ]);
      expect(await types({ fromRevision: 2n ** 62n, maxCount: Number.MAX_SAFE_INTEGER })).toEqual(
        [],
      );
      expect(await types({ maxCount: 1.5 })).toEqual(['A']);
      expect(await types({ maxCount: -1 })).toEqual([]);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
