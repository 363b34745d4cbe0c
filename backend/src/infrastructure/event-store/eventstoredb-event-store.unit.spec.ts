import {
  type AllStreamResolvedEvent,
  type EventStoreDBClient,
  type ReadAllOptions,
  WrongExpectedVersionError as ClientWrongExpectedVersionError,
} from '@eventstore/db-client';
import { PassThrough, Readable } from 'node:stream';
import type { EventMetadata, RecordedEvent } from '../../domain/shared/event';
import { waitFor } from './event-store.contract';
import { WrongExpectedVersionError } from '../../application/ports/event-store.port';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import {
  decodeJsonPayload,
  isSystemEventType,
  toClientExpectedRevision,
  toCreatedAt,
  toLogPosition,
  toPortActualRevision,
  toReadPosition,
  toRecordedEvent,
} from './eventstoredb-event-store.mapping';

const metadata: EventMetadata = {
  actor: { type: 'user', id: 'u-1' },
  correlationId: 'c-1',
  causationId: 'c-1',
  at: '2026-01-05T10:00:00.000Z',
};
const created = new Date('2026-01-05T10:00:01.000Z');

/** An entry of $all as the client yields it; commit and prepare are equal for gRPC appends. */
function entry(
  position: bigint,
  type = 'PostPublished',
  streamId = 'post-1',
  revision = 0n,
): AllStreamResolvedEvent {
  return {
    event: {
      streamId,
      id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
      isJson: true,
      revision,
      type,
      created,
      data: { at: Number(position) },
      metadata: type.startsWith('$') ? undefined : metadata,
      position: { commit: position, prepare: position },
    },
    commitPosition: position,
  } as AllStreamResolvedEvent;
}

/** Serves reads of $all from an in-memory log with the server's inclusive-start behaviour. */
function readAllFrom(log: AllStreamResolvedEvent[], calls: ReadAllOptions[] = []) {
  return (options: ReadAllOptions = {}) => {
    calls.push(options);
    const { fromPosition = 'start', direction = 'forwards', maxCount = Infinity } = options;
    const at = (e: AllStreamResolvedEvent) => e.event!.position.commit;
    const selected =
      direction === 'forwards'
        ? log.filter(
            (e) =>
              fromPosition === 'start' || (fromPosition !== 'end' && at(e) >= fromPosition.commit),
          )
        : [...log]
            .reverse()
            .filter(
              (e) =>
                fromPosition === 'end' || (fromPosition !== 'start' && at(e) < fromPosition.commit),
            );
    return Readable.from(selected.slice(0, Number(maxCount)));
  };
}

function fakeClient(methods: Record<string, unknown>): EventStoreDBClient {
  return { dispose: async () => undefined, ...methods } as unknown as EventStoreDBClient;
}

/** A live subscription the test feeds by hand. */
function fakeSubscription() {
  const stream = new PassThrough({ objectMode: true, highWaterMark: 1 });
  let unsubscribed = false;
  Object.assign(stream, {
    unsubscribe: async () => {
      unsubscribed = true;
      stream.end();
    },
  });
  return { stream, isUnsubscribed: () => unsubscribed };
}

describe('EventStoreDB mapping', () => {
  it('given each port expected revision, when mapped, then the client gets its own constant', () => {
    expect(toClientExpectedRevision('any')).toBe('any');
    expect(toClientExpectedRevision('no_stream')).toBe('no_stream');
    expect(toClientExpectedRevision('stream_exists')).toBe('stream_exists');
    expect(toClientExpectedRevision(4n)).toBe(4n);
    expect(() => toClientExpectedRevision(-1n)).toThrow(RangeError);
  });

  it('given the actual revision of a conflict, when mapped, then a missing stream reads no_stream', () => {
    expect(toPortActualRevision(7n)).toBe(7n);
    expect(toPortActualRevision('no_stream')).toBe('no_stream');
    expect(toPortActualRevision(-1n)).toBe('no_stream');
    expect(toPortActualRevision(undefined)).toBe('no_stream');
  });

  it('given positions from the server, when mapped, then sentinels mean no position', () => {
    expect(toLogPosition({ commit: 1234n, prepare: 1234n })).toBe(1234n);
    expect(
      toLogPosition({ commit: 18446744073709551615n, prepare: 18446744073709551615n }),
    ).toBeNull();
    expect(toLogPosition({ commit: -1n, prepare: -1n })).toBeNull();
    expect(toLogPosition(undefined)).toBeNull();
  });

  it('given a checkpoint, when turned into a read position, then commit and prepare are both it', () => {
    expect(toReadPosition(undefined)).toBe('start');
    expect(toReadPosition(0n)).toEqual({ commit: 0n, prepare: 0n });
    expect(toReadPosition(987n)).toEqual({ commit: 987n, prepare: 987n });
  });

  it('given the creation time in any client shape, when mapped, then it is the same instant', () => {
    const ms = created.getTime();
    expect(toCreatedAt(created)).toEqual(created);
    expect(toCreatedAt(ms)).toEqual(created);
    expect(toCreatedAt(BigInt(ms) * 10_000n)).toEqual(created);
    expect(toCreatedAt(created.toISOString())).toEqual(created);
  });

  it('given JSON stored as bytes, when decoded, then the value comes back', () => {
    expect(decodeJsonPayload(new TextEncoder().encode('{"a":1}'))).toEqual({ a: 1 });
    expect(decodeJsonPayload({ a: 1 })).toEqual({ a: 1 });
    expect(decodeJsonPayload(undefined)).toBeNull();
  });

  it('given event types, when checked, then only those starting with $ are the server’s', () => {
    expect(isSystemEventType('$statsCollected')).toBe(true);
    expect(isSystemEventType('$>')).toBe(true);
    expect(isSystemEventType('PostPublished')).toBe(false);
  });

  it('given a resolved event, when mapped, then the envelope has the port’s fields', () => {
    expect(toRecordedEvent(entry(42n, 'PostPublished', 'post-9', 3n))).toEqual<RecordedEvent>({
      id: '00000000-0000-4000-8000-000000000042',
      streamId: 'post-9',
      revision: 3n,
      position: 42n,
      type: 'PostPublished',
      data: { at: 42 },
      metadata,
      createdAt: created,
    });
  });

  it('given a server event or an entry without a body, when mapped, then it is left out', () => {
    expect(toRecordedEvent(entry(5n, '$statsCollected', '$stats-node'))).toBeNull();
    expect(toRecordedEvent({ commitPosition: 5n })).toBeNull();
  });

  it('given an event another tool wrote without our metadata, when mapped, then it is left out', () => {
    const foreign = entry(6n, 'ManualFix', 'post-1');
    expect(toRecordedEvent({ event: { ...foreign.event!, metadata: {} } } as never)).toBeNull();
    expect(
      toRecordedEvent({ event: { ...foreign.event!, metadata: new Uint8Array() } } as never),
    ).toBeNull();
  });

  it('given an event of a legacy explicit transaction (commit and prepare differ), when mapped, then it fails clearly', () => {
    const inTransaction = entry(900n, 'PostPublished', 'post-1', 1n);
    const event = { ...inTransaction.event!, position: { commit: 900n, prepare: 640n } };
    expect(() => toRecordedEvent({ event, commitPosition: 900n } as never)).toThrow(
      'explicit transaction',
    );
  });

  it('given a stream read without positions (server before 22.6), when mapped, then it fails clearly', () => {
    const old = entry(5n);
    const event = { ...old.event!, position: undefined };
    expect(() => toRecordedEvent({ event } as never)).toThrow('22.6');
  });
});

describe('EventStoreDB adapter over a fake client', () => {
  const log = [
    entry(100n, 'A'),
    entry(150n, '$statsCollected', '$stats-node'),
    entry(200n, 'B'),
    entry(300n, 'C'),
    entry(350n, '$statsCollected', '$stats-node'),
  ];

  it('given a checkpoint, when reading $all, then the event at it and server events are left out', async () => {
    const store = new EventStoreDbEventStore(fakeClient({ readAll: readAllFrom(log) }));
    const events = await store.readAll({ after: 100n });
    expect(events.map((e) => [e.type, e.position])).toEqual([
      ['B', 200n],
      ['C', 300n],
    ]);
  });

  it('given pages of the log read in turn, when each asks for a few events, then the server is asked for no more than that', async () => {
    const long = Array.from({ length: 12 }, (_, i) => entry(BigInt(1000 + i * 10), `E${i}`));
    const calls: ReadAllOptions[] = [];
    const store = new EventStoreDbEventStore(fakeClient({ readAll: readAllFrom(long, calls) }));
    const pages: string[][] = [];
    for await (const page of store.readAllPages({ pageSize: 5 })) {
      pages.push(page.map((event) => event.type));
    }
    expect(pages).toEqual([
      ['E0', 'E1', 'E2', 'E3', 'E4'],
      ['E5', 'E6', 'E7', 'E8', 'E9'],
      ['E10', 'E11'],
    ]);
    // Each page's read is the page, plus the event at its cursor, which the server includes.
    expect(calls.map((call) => Number(call.maxCount))).toEqual([5, 6, 6, 6]);
  });

  it('given a three-event append as the server lays it out, when reading $all after its first event, then the other two come once', async () => {
    // One implicit transaction: each event its own prepare, commit = prepare = its log position.
    const append = [
      entry(500n, 'A', 'post-7', 0n),
      entry(620n, 'B', 'post-7', 1n),
      entry(740n, 'C', 'post-7', 2n),
    ];
    const store = new EventStoreDbEventStore(
      fakeClient({ readAll: readAllFrom([...log, ...append]) }),
    );
    const after = await store.readAll({ after: 500n });
    expect(after.map((e) => [e.type, e.position])).toEqual([
      ['B', 620n],
      ['C', 740n],
    ]);
    expect(await store.readAll({ after: 620n })).toEqual([expect.objectContaining({ type: 'C' })]);
  });

  it('given a maximum count, when reading $all, then exactly that many events come back', async () => {
    const store = new EventStoreDbEventStore(fakeClient({ readAll: readAllFrom(log) }));
    expect((await store.readAll({ maxCount: 2 })).map((e) => e.type)).toEqual(['A', 'B']);
    expect(await store.readAll({ after: 300n })).toEqual([]);
  });

  it('given more events than a page, when reading $all, then it pages on past server events', async () => {
    const long = Array.from({ length: 1200 }, (_, i) =>
      entry(BigInt(i + 1), i % 3 === 0 ? '$statsCollected' : 'E'),
    );
    const calls: ReadAllOptions[] = [];
    const store = new EventStoreDbEventStore(fakeClient({ readAll: readAllFrom(long, calls) }));
    const events = await store.readAll({ after: 0n, maxCount: 790 });
    expect(events).toHaveLength(790);
    expect(new Set(events.map((e) => e.position)).size).toBe(790);
    expect(events.every((e, i) => i === 0 || e.position > events[i - 1].position)).toBe(true);
    expect(calls.length).toBeGreaterThan(1);
  });

  it('given server events at the end of the log, when asking the head, then the last own event answers', async () => {
    const store = new EventStoreDbEventStore(fakeClient({ readAll: readAllFrom(log) }));
    expect(await store.headPosition()).toBe(300n);
    const empty = new EventStoreDbEventStore(
      fakeClient({ readAll: readAllFrom([entry(1n, '$settings', '$settings')]) }),
    );
    expect(await empty.headPosition()).toBeNull();
  });

  it('given a conflicting append, when the client refuses it, then the port’s error says the actual revision', async () => {
    const store = new EventStoreDbEventStore(
      fakeClient({
        appendToStream: async () => {
          throw new ClientWrongExpectedVersionError(undefined, {
            streamName: 'post-1',
            expected: 'no_stream',
            current: 2n,
          });
        },
      }),
    );
    const append = store.appendToStream('post-1', [{ id: 'e-1', type: 'A', data: {}, metadata }], {
      expectedRevision: 'no_stream',
    });
    await expect(append).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(append).rejects.toMatchObject({
      streamId: 'post-1',
      expected: 'no_stream',
      actual: 2n,
    });
  });

  it('given an idempotent repeat answered without a position, when appending, then the original position is read back', async () => {
    const readStream = jest.fn(() => Readable.from([entry(420n, 'B', 'post-1', 1n)]));
    const store = new EventStoreDbEventStore(
      fakeClient({
        appendToStream: async () => ({ success: true, nextExpectedRevision: 1n }),
        readStream,
      }),
    );
    const result = await store.appendToStream('post-1', [
      { id: 'e-1', type: 'A', data: {}, metadata },
      { id: 'e-2', type: 'B', data: {}, metadata },
    ]);
    expect(result).toEqual({ nextExpectedRevision: 1n, position: 420n });
    expect(readStream).toHaveBeenCalledWith(
      'post-1',
      expect.objectContaining({ fromRevision: 1n }),
    );
  });

  it('given a no-op append, when answered, then it gives the stream’s last event position without reading $all', async () => {
    const readStream = jest.fn(() => Readable.from([entry(420n, 'B', 'post-1', 1n)]));
    const readAll = jest.fn(readAllFrom([entry(420n, 'B', 'post-1', 1n), entry(900n)]));
    const store = new EventStoreDbEventStore(fakeClient({ readStream, readAll }));

    const result = await store.appendToStream('post-1', [], { expectedRevision: 1n });

    expect(result).toEqual({ nextExpectedRevision: 1n, position: 420n });
    expect(readStream).toHaveBeenCalledTimes(1);
    expect(readAll).not.toHaveBeenCalled();
  });

  it('given an append, when sent, then ids, types, data and metadata go as JSON events', async () => {
    const appendToStream = jest.fn(async () => ({
      success: true,
      nextExpectedRevision: 0n,
      position: { commit: 77n, prepare: 77n },
    }));
    const store = new EventStoreDbEventStore(fakeClient({ appendToStream }));
    const result = await store.appendToStream(
      'post-1',
      [{ id: '6f1f8a3e-5b1a-4f6a-9a57-6a4d2f9e0c11', type: 'A', data: { n: 1 }, metadata }],
      { expectedRevision: 'no_stream' },
    );
    expect(result).toEqual({ nextExpectedRevision: 0n, position: 77n });
    expect(appendToStream).toHaveBeenCalledWith(
      'post-1',
      [
        {
          id: '6f1f8a3e-5b1a-4f6a-9a57-6a4d2f9e0c11',
          contentType: 'application/json',
          type: 'A',
          data: { n: 1 },
          metadata,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  });

  it('given a live subscription, when events arrive, then each waits for the previous handler and the checkpoint is skipped', async () => {
    const { stream } = fakeSubscription();
    const subscribeToAll = jest.fn(() => stream);
    const store = new EventStoreDbEventStore(fakeClient({ subscribeToAll }));
    const seen: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const subscription = store.subscribeToAll({ after: 100n }, async (event) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(event.type);
      inFlight -= 1;
    });
    for (const e of log) stream.write(e);
    await waitFor(() => seen.length === 2);
    await subscription.stop();

    expect(seen).toEqual(['B', 'C']);
    expect(maxInFlight).toBe(1);
    expect(subscribeToAll).toHaveBeenCalledWith(
      expect.objectContaining({ fromPosition: { commit: 100n, prepare: 100n } }),
    );
  });

  it('given a handler that throws, when an event arrives, then the error is reported and the subscription ends', async () => {
    const { stream, isUnsubscribed } = fakeSubscription();
    const store = new EventStoreDbEventStore(fakeClient({ subscribeToAll: () => stream }));
    const errors: unknown[] = [];
    const handled: string[] = [];
    const subscription = store.subscribeToAll(
      {},
      (event) => {
        handled.push(event.type);
        throw new Error('handler failed');
      },
      (error) => errors.push(error),
    );
    stream.write(entry(1n, 'A'));
    stream.write(entry(2n, 'B'));
    await waitFor(() => errors.length === 1);
    await subscription.stop();

    expect((errors[0] as Error).message).toBe('handler failed');
    expect(handled).toEqual(['A']);
    expect(isUnsubscribed()).toBe(true);
  });

  it('given a handler in flight, when stopping, then stop waits for it and nothing is reported', async () => {
    const { stream, isUnsubscribed } = fakeSubscription();
    const store = new EventStoreDbEventStore(fakeClient({ subscribeToAll: () => stream }));
    const errors: unknown[] = [];
    let finished = false;
    let started = false;
    const subscription = store.subscribeToAll(
      {},
      async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 30));
        finished = true;
      },
      (error) => errors.push(error),
    );
    stream.write(entry(1n, 'A'));
    await waitFor(() => started);
    await subscription.stop();

    expect(finished).toBe(true);
    expect(isUnsubscribed()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('given the server ends the subscription, when nobody stopped it, then it is reported', async () => {
    const { stream } = fakeSubscription();
    const store = new EventStoreDbEventStore(fakeClient({ subscribeToAll: () => stream }));
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll(
      {},
      () => undefined,
      (error) => errors.push(error),
    );
    stream.end();
    await waitFor(() => errors.length === 1);
    await subscription.stop();
    expect(String(errors[0])).toContain('ended unexpectedly');
  });

  it('given the connection fails, when the subscription errors, then the error is reported once', async () => {
    const { stream } = fakeSubscription();
    const store = new EventStoreDbEventStore(fakeClient({ subscribeToAll: () => stream }));
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll(
      {},
      () => undefined,
      (error) => errors.push(error),
    );
    stream.destroy(new Error('connection lost'));
    await waitFor(() => errors.length === 1);
    await subscription.stop();
    expect(errors.map((error) => (error as Error).message)).toEqual(['connection lost']);
  });

  it('given open subscriptions, when closing, then they are stopped before the client goes', async () => {
    const { stream, isUnsubscribed } = fakeSubscription();
    const dispose = jest.fn(async () => undefined);
    const store = new EventStoreDbEventStore(fakeClient({ subscribeToAll: () => stream, dispose }));
    store.subscribeToAll({}, () => undefined);
    await store.close();
    expect(isUnsubscribed()).toBe(true);
    expect(dispose).toHaveBeenCalledTimes(1);
  });
});
