import { randomUUID } from 'node:crypto';
import type { EventMetadata, RecordedEvent } from '../../domain/shared/event';
import {
  AppendTooLargeError,
  type EventStore,
  type EventToAppend,
  MAX_APPEND_BYTES,
  WrongExpectedVersionError,
} from '../../application/ports/event-store.port';

/**
 * The behaviour every event store adapter must show. Each adapter's spec calls this with a
 * factory; streams get unique names so the suite also runs against a shared server.
 */
export function describeEventStoreContract(
  adapterName: string,
  create: () => Promise<EventStore>,
  dispose: (store: EventStore) => Promise<void> = (store) => store.close(),
): void {
  describe(`event store contract: ${adapterName}`, () => {
    let store: EventStore;
    const metadata: EventMetadata = {
      actor: { type: 'system', id: 'contract-test' },
      correlationId: randomUUID(),
      causationId: randomUUID(),
      at: '2026-01-05T10:00:00.000Z',
    };
    const event = (type: string, data: unknown = {}): EventToAppend => ({
      id: randomUUID(),
      type,
      data,
      metadata,
    });
    const stream = () => `contract-${randomUUID()}`;

    beforeEach(async () => {
      store = await create();
    });
    afterEach(async () => {
      await dispose(store);
    });

    it('appends to a new stream and reads the events back in order with their data', async () => {
      const id = stream();
      const result = await store.appendToStream(id, [event('A', { n: 1 }), event('B', { n: 2 })], {
        expectedRevision: 'no_stream',
      });
      expect(result.nextExpectedRevision).toBe(1n);

      const events = await store.readStream(id);
      expect(events.map((e) => [e.type, e.data, e.revision])).toEqual([
        ['A', { n: 1 }, 0n],
        ['B', { n: 2 }, 1n],
      ]);
      expect(events[1].position).toBe(result.position);
      expect(events[0].metadata).toEqual(metadata);
      expect(events[0].streamId).toBe(id);
      expect(events[0].createdAt).toBeInstanceOf(Date);
    });

    it('refuses an append over the servers’ limit whole, and takes one within it', async () => {
      const id = stream();
      // Two events, each well within the limit, that together are over it.
      const half = 'x'.repeat(MAX_APPEND_BYTES / 2);
      await expect(
        store.appendToStream(id, [event('Big', { half }), event('Big', { half })]),
      ).rejects.toThrow(AppendTooLargeError);
      expect(await store.readStream(id)).toEqual([]);
      const within = 'x'.repeat(MAX_APPEND_BYTES / 2 - 4096);
      await store.appendToStream(id, [event('Big', { within })]);
      await store.appendToStream(id, [event('Big', { within })]);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('rejects no_stream when the stream exists', async () => {
      const id = stream();
      await store.appendToStream(id, [event('A')]);
      await expect(
        store.appendToStream(id, [event('B')], { expectedRevision: 'no_stream' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    });

    it('rejects stream_exists when the stream does not exist', async () => {
      await expect(
        store.appendToStream(stream(), [event('A')], { expectedRevision: 'stream_exists' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    });

    it('appends at an exact revision and rejects a stale one', async () => {
      const id = stream();
      await store.appendToStream(id, [event('A')], { expectedRevision: 'no_stream' });
      await store.appendToStream(id, [event('B')], { expectedRevision: 0n });
      const stale = store.appendToStream(id, [event('C')], { expectedRevision: 0n });
      await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B']);
    });

    it('lets exactly one of two racing no_stream appends win', async () => {
      const id = stream();
      const outcomes = await Promise.allSettled([
        store.appendToStream(id, [event('First')], { expectedRevision: 'no_stream' }),
        store.appendToStream(id, [event('Second')], { expectedRevision: 'no_stream' }),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('does not duplicate a repeated append of the same event ids', async () => {
      const id = stream();
      const events = [event('A'), event('B')];
      const first = await store.appendToStream(id, events, { expectedRevision: 'no_stream' });
      const again = await store.appendToStream(id, events, { expectedRevision: 'no_stream' });
      expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('reads a stream from a revision with a maximum count', async () => {
      const id = stream();
      await store.appendToStream(id, [event('A'), event('B'), event('C'), event('D')]);
      const events = await store.readStream(id, { fromRevision: 1n, maxCount: 2 });
      expect(events.map((e) => e.type)).toEqual(['B', 'C']);
      // Beside other streams, past the end, and none at all.
      await store.appendToStream(stream(), [event('Elsewhere')]);
      const rest = await store.readStream(id, { fromRevision: 2n, maxCount: 10 });
      expect(rest.map((e) => e.type)).toEqual(['C', 'D']);
      expect(await store.readStream(id, { fromRevision: 4n })).toEqual([]);
      expect(await store.readStream(id, { maxCount: 0 })).toEqual([]);
    });

    it('reads only the last event of a stream, and none of an unknown stream', async () => {
      const id = stream();
      expect(await store.readLastEvent(id)).toBeNull();
      await store.appendToStream(id, [event('A', { n: 1 }), event('B', { n: 2 })]);
      const appended = await store.appendToStream(id, [event('C', { n: 3 })]);
      await store.appendToStream(stream(), [event('Elsewhere')]);

      const last = await store.readLastEvent(id);
      expect(last && [last.type, last.data, last.revision, last.streamId]).toEqual([
        'C',
        { n: 3 },
        2n,
        id,
      ]);
      expect(last?.position).toBe(appended.position);
      expect(last).toEqual((await store.readStream(id)).at(-1));
    });

    it('reads all events after a position, exclusive, in log order', async () => {
      const a = stream();
      const b = stream();
      const first = await store.appendToStream(a, [event('A1')]);
      await store.appendToStream(b, [event('B1')]);
      await store.appendToStream(a, [event('A2')]);

      const after = await store.readAll({ after: first.position, maxCount: 1000 });
      const ours = after.filter((e) => e.streamId === a || e.streamId === b);
      expect(ours.map((e) => e.type)).toEqual(['B1', 'A2']);
      const positions = after.map((e) => e.position);
      expect([...positions].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))).toEqual(positions);
      expect(positions.every((p) => p > first.position)).toBe(true);
    });

    it('reads the log in pages after a position, as readAll reads it', async () => {
      const a = stream();
      const b = stream();
      const first = await store.appendToStream(a, [event('A0')]);
      const data = [
        { text: 'a "quoted" \\ backslash, ünïcode ✓, a line\u2028separator' },
        null,
        { nested: { list: [1, 2.5, true, null], empty: {} } },
        'a string',
        42,
      ];
      for (let n = 0; n < 12; n += 1) {
        await store.appendToStream(n % 2 ? b : a, [event(`E${n}`, data[n % data.length])]);
      }
      const ours = (events: readonly RecordedEvent[]) =>
        events.filter((e) => e.streamId === a || e.streamId === b);

      const pages: RecordedEvent[][] = [];
      for await (const page of store.readAllPages({ after: first.position, pageSize: 5 })) {
        pages.push(page);
      }
      expect(pages.slice(0, -1).every((page) => page.length === 5)).toBe(true);
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
      expect(ours(pages.flat())).toEqual(ours(await store.readAll({ after: first.position })));
      expect(ours(pages.flat()).map((e) => e.type)).toEqual(
        Array.from({ length: 12 }, (_, n) => `E${n}`),
      );
      expect(ours(pages.flat()).map((e) => e.data)).toEqual(
        Array.from({ length: 12 }, (_, n) => data[n % data.length]),
      );
    });

    it('ends a read of the log in pages that its caller leaves early, and reads again', async () => {
      const id = stream();
      const first = await store.appendToStream(id, [event('A')]);
      await store.appendToStream(id, [event('B'), event('C'), event('D')]);
      let taken = 0;
      for await (const page of store.readAllPages({ after: first.position, pageSize: 1 })) {
        taken += page.length;
        break;
      }
      expect(taken).toBe(1);
      const again: RecordedEvent[] = [];
      for await (const page of store.readAllPages({ after: first.position, pageSize: 2 })) {
        again.push(...page);
      }
      expect(again.filter((e) => e.streamId === id).map((e) => e.type)).toEqual(['B', 'C', 'D']);
    });

    // EventStoreDB writes each event of one append as its own prepare record flagged IsCommitted
    // (an implicit transaction), at its own log position, and answers the append with the last
    // one's: see the header of eventstoredb-event-store.mapping.ts for the server source.
    it('gives each event of a multi-event append its own increasing position, the append the last one', async () => {
      const id = stream();
      const before = await store.appendToStream(stream(), [event('Before')]);
      const result = await store.appendToStream(id, [event('A'), event('B'), event('C')], {
        expectedRevision: 'no_stream',
      });
      const [a, b, c] = await store.readStream(id);
      expect(before.position < a.position).toBe(true);
      expect(a.position < b.position && b.position < c.position).toBe(true);
      expect(result.position).toBe(c.position);

      const inLog = (await store.readAll({ after: before.position })).filter(
        (e) => e.streamId === id,
      );
      expect(inLog.map((e) => [e.type, e.position])).toEqual([
        ['A', a.position],
        ['B', b.position],
        ['C', c.position],
      ]);
      const afterFirst = await store.readAll({ after: a.position });
      expect(afterFirst.filter((e) => e.streamId === id).map((e) => e.type)).toEqual(['B', 'C']);
      const afterSecond = await store.readAll({ after: b.position, maxCount: 1 });
      expect(afterSecond.map((e) => e.id)).toEqual([c.id]);
    });

    it('delivers the rest of a multi-event append exactly once to a subscription from inside it', async () => {
      const id = stream();
      await store.appendToStream(id, [event('A'), event('B'), event('C')]);
      await store.appendToStream(id, [event('D')]);
      const [a] = await store.readStream(id, { maxCount: 1 });

      const seen: string[] = [];
      const subscription = store.subscribeToAll({ after: a.position }, (e) => {
        if (e.streamId === id) seen.push(e.type);
      });
      try {
        await waitFor(() => seen.includes('D'));
        expect(seen).toEqual(['B', 'C', 'D']);
      } finally {
        await subscription.stop();
      }
    });

    it('answers a no-op append with the position of the stream’s last event, not the log’s head', async () => {
      const id = stream();
      const appended = await store.appendToStream(id, [event('A'), event('B')]);
      await store.appendToStream(stream(), [event('Later, elsewhere')]);

      const noOp = await store.appendToStream(id, [], { expectedRevision: 1n });
      const noOpAny = await store.appendToStream(id, []);

      expect(noOp).toEqual({ nextExpectedRevision: 1n, position: appended.position });
      expect(noOpAny.position).toBe(appended.position);
      await expect(store.appendToStream(id, [], { expectedRevision: 0n })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
    });

    it('reports the head position of the log', async () => {
      const result = await store.appendToStream(stream(), [event('A')]);
      expect(await store.headPosition()).toBe(result.position);
    });

    it('delivers history and then live events to a catch-up subscription, from a checkpoint', async () => {
      const id = stream();
      const before = await store.appendToStream(id, [event('Old')]);
      await store.appendToStream(id, [event('History')]);

      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({ after: before.position }, (e) => {
        if (e.streamId === id) seen.push(e);
      });
      try {
        await waitFor(() => seen.length === 1);
        await store.appendToStream(id, [event('Live1'), event('Live2')]);
        await waitFor(() => seen.length === 3);
        expect(seen.map((e) => e.type)).toEqual(['History', 'Live1', 'Live2']);
      } finally {
        await subscription.stop();
      }
    });

    it('waits for the handler before delivering the next event', async () => {
      const id = stream();
      const start = await store.headPosition();
      await store.appendToStream(id, [event('A'), event('B'), event('C')]);
      let inFlight = 0;
      let maxInFlight = 0;
      let count = 0;
      const subscription = store.subscribeToAll({ after: start ?? undefined }, async (e) => {
        if (e.streamId !== id) return;
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        count += 1;
      });
      try {
        await waitFor(() => count === 3);
        expect(maxInFlight).toBe(1);
      } finally {
        await subscription.stop();
      }
    });

    it('reports a handler failure and stops the subscription', async () => {
      const id = stream();
      const start = await store.headPosition();
      await store.appendToStream(id, [event('Boom')]);
      const errors: unknown[] = [];
      const subscription = store.subscribeToAll(
        { after: start ?? undefined },
        (e) => {
          if (e.streamId === id) throw new Error('handler failed');
        },
        (error) => errors.push(error),
      );
      await waitFor(() => errors.length === 1);
      await subscription.stop();
      expect((errors[0] as Error).message).toBe('handler failed');
    });
  });
}

export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
