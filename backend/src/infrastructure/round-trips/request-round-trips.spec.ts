import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '../../application/ports/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { countedEventStore, countedReadStore } from './counted-port';
import { RequestRoundTrips, Tally } from './request-round-trips';

const event = (): EventToAppend => ({
  id: randomUUID(),
  type: 'Counted',
  data: {},
  metadata: { actor: { type: 'system', id: 'test' }, correlationId: 'c', causationId: 'c', at: '' },
});

describe('store round trips counted per request', () => {
  let log: SqliteEventStore;
  let reads: EmbeddedReadStore;
  beforeEach(() => {
    log = new SqliteEventStore(':memory:');
    reads = new EmbeddedReadStore(':memory:');
  });
  afterEach(async () => {
    await log.close();
    await reads.close();
  });

  it('counts each call of a request to the request, by port and method', async () => {
    const roundTrips = new RequestRoundTrips();
    const events = countedEventStore(log, roundTrips);
    const store = countedReadStore(reads, roundTrips);
    const tally = new Tally();

    await roundTrips.run(tally, async () => {
      await events.appendToStream('counted-1', [event()]);
      await events.readLastEvent('counted-1');
      await Promise.all([store.findOne('things', { _id: 'a' }), store.find('things', {})]);
      await store.increment('limit', new Date(Date.now() + 60_000));
    });

    expect(tally.total).toBe(5);
    expect(tally.calls()).toEqual({
      'eventStore.appendToStream': 1,
      'eventStore.readLastEvent': 1,
      'readStore.find': 1,
      'readStore.findOne': 1,
      'readStore.increment': 1,
    });
  });

  it('keeps two requests apart, and counts nothing to a call made outside any request', async () => {
    const roundTrips = new RequestRoundTrips();
    const store = countedReadStore(reads, roundTrips);
    const [first, second] = [new Tally(), new Tally()];

    await Promise.all([
      roundTrips.run(first, () => store.findOne('things', { _id: 'a' })),
      roundTrips.run(second, async () => {
        await store.findOne('things', { _id: 'a' });
        await store.count('things', {});
      }),
      store.find('things', {}),
    ]);

    expect([first.total, second.total]).toEqual([1, 2]);
  });

  it('counts one round trip per page of a paged read of the log, the empty last one included', async () => {
    const roundTrips = new RequestRoundTrips();
    const events = countedEventStore(log, roundTrips);
    for (let i = 0; i < 5; i += 1) await log.appendToStream(`counted-${i}`, [event()]);
    const tally = new Tally();

    const pages = await roundTrips.run(tally, async () => {
      let count = 0;
      for await (const page of events.readAllPages({ pageSize: 2 }))
        count += page.length > 0 ? 1 : 0;
      return count;
    });

    expect(pages).toBe(3);
    // 2 + 2 + 1 events, then the read that finds nothing more (EventStoreDB's paged reads).
    expect(tally.calls()).toEqual({ 'eventStore.readAllPages': 4 });
  });

  it('gives a subscription’s deliveries to no request, even when a request’s append woke them', async () => {
    const roundTrips = new RequestRoundTrips();
    const events = countedEventStore(log, roundTrips);
    const store = countedReadStore(reads, roundTrips);
    const delivered: string[] = [];
    const subscription = events.subscribeToAll({}, async (recorded) => {
      await store.findOne('things', { _id: recorded.streamId });
      delivered.push(recorded.streamId);
    });
    const tally = new Tally();

    await roundTrips.run(tally, async () => {
      await events.appendToStream('counted-woken', [event()]);
      while (delivered.length === 0) await new Promise((resolve) => setImmediate(resolve));
    });
    await subscription.stop();

    expect(delivered).toEqual(['counted-woken']);
    expect(tally.calls()).toEqual({ 'eventStore.appendToStream': 1 });
  });

  it('passes on what the adapter answers and throws, and methods a port adds later', async () => {
    const roundTrips = new RequestRoundTrips();
    const events = countedEventStore(log, roundTrips);
    const appended = await events.appendToStream('counted-2', [event()], {
      expectedRevision: 'no_stream',
    });

    expect(appended).toEqual({ nextExpectedRevision: 0n, position: await log.headPosition() });
    await expect(
      events.appendToStream('counted-2', [event()], { expectedRevision: 'no_stream' }),
    ).rejects.toMatchObject({ name: 'WrongExpectedVersionError' });
    const extended = Object.assign(Object.create(reads) as EmbeddedReadStore, {
      later: async () => 'answered',
    });
    const tally = new Tally();
    const answer = await roundTrips.run(tally, () =>
      (countedReadStore(extended, roundTrips) as unknown as typeof extended).later(),
    );
    expect([answer, tally.total]).toEqual(['answered', 1]);
  });

  it('with a delay, waits that long before each counted call reaches the store', async () => {
    const roundTrips = new RequestRoundTrips(20);
    const store = countedReadStore(reads, roundTrips);
    const started = performance.now();
    await store.findOne('things', { _id: 'a' });
    await store.findOne('things', { _id: 'b' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
  });

  it('hands each finished request with its route and its count to the watchers', async () => {
    const roundTrips = new RequestRoundTrips();
    const store = countedReadStore(reads, roundTrips);
    const seen: unknown[] = [];
    roundTrips.watch((request) => seen.push(request));
    const middleware = roundTrips.middleware();
    const finish: (() => void)[] = [];
    const req = { method: 'GET', path: '/api/things/1', route: { path: '/api/things/:id' } };
    const res = {
      statusCode: 200,
      once: (_: string, listener: () => void) => finish.push(listener),
    };

    await new Promise<void>((resolve) => {
      middleware(req as never, res as never, () => {
        void store.findOne('things', { _id: '1' }).then(() => resolve());
      });
    });
    finish.forEach((listener) => listener());

    expect(seen).toEqual([
      {
        method: 'GET',
        route: '/api/things/:id',
        path: '/api/things/1',
        status: 200,
        roundTrips: 1,
        calls: { 'readStore.findOne': 1 },
      },
    ]);
  });
});
