import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata } from '../../domain/shared/event';
import type { Projection } from '../../projections/projection';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { LeasedProjections } from './leased-projections';
import { ProjectionRunner } from './projection-runner';

const metadata: EventMetadata = {
  actor: { type: 'system', id: 'test' },
  correlationId: 'c',
  causationId: 'c',
  at: '2026-01-01T00:00:00.000Z',
};
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

const tallies: Projection = {
  collection: 'tallies',
  handles: ['Tallied'],
  documentId: (event) => event.streamId,
  apply: (doc, event) => ({ _id: event.streamId, count: ((doc?.count as number) ?? 0) + 1 }),
};

describe('leased projections', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: EmbeddedReadStore;
  const workers: LeasedProjections[] = [];

  const worker = (holder: string, ttlMs = 300) => {
    const runner = new ProjectionRunner(events, reads, [tallies], { version: 1, logger: quiet });
    const leased = new LeasedProjections(runner, reads, {
      holder,
      ttlMs,
      renewEveryMs: 50,
      logger: quiet,
    });
    workers.push(leased);
    return leased;
  };
  const append = (n: number) =>
    events.appendToStream(
      'a',
      Array.from({ length: n }, () => ({ id: randomUUID(), type: 'Tallied', data: {}, metadata })),
    );
  const count = async () =>
    ((await reads.findOne('tallies', { _id: 'a' }))?.count as number | undefined) ?? 0;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lease-'));
    events = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'normal' });
    reads = new EmbeddedReadStore(join(dir, 'read.sqlite'));
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the subscriptions it runs, for their lag, only while it holds the lease', async () => {
    const first = worker('first');
    const second = worker('second');
    const reactor = { subscriber: 'reactor:test', running: true, handledThrough: null };
    const stoppedReactor = { ...reactor, subscriber: 'reactor:stopped', running: false };
    for (const progress of [reactor, stoppedReactor]) {
      first.addCompanion({ start: async () => undefined, stop: async () => undefined, progress });
    }
    first.addCompanion({ start: async () => undefined, stop: async () => undefined });
    expect(first.subscribers()).toEqual([]);
    await first.start();
    await second.start();
    expect(first.subscribers().map((p) => p.subscriber)).toEqual(['read-models', 'reactor:test']);
    expect(second.subscribers()).toEqual([]);
  });

  it('starts every worker beside the projections, even after one that fails to start', async () => {
    const first = worker('first');
    const started: string[] = [];
    const companion = (name: string, fails = false) => ({
      start: async () => {
        if (fails) throw new RangeError('A checkpoint position cannot be negative: -1');
        started.push(name);
      },
      stop: async () => undefined,
    });
    first.addCompanion(companion('reactor'));
    first.addCompanion(companion('failing', true));
    first.addCompanion(companion('held-ratings-sweep'));
    first.addCompanion(companion('key-shredder'));
    await first.start();
    await waitForAsync(() => started.length === 3);
    expect(started).toEqual(['reactor', 'held-ratings-sweep', 'key-shredder']);
  });

  it('builds the read models’ indexes before asking for the lease, so no renewal waits on a build', async () => {
    let release!: () => void;
    const built = new Promise<void>((resolve) => (release = resolve));
    let building = 0;
    const slowIndexes = new Proxy(reads, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (key !== 'ensureIndexes' || typeof value !== 'function') {
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (...args: Parameters<EmbeddedReadStore['ensureIndexes']>) => {
          building += 1;
          await built;
          return target.ensureIndexes(...args);
        };
      },
    });
    const indexed: Projection = { ...tallies, indexes: [{ keys: { count: 1 } }] };
    const runner = new ProjectionRunner(events, slowIndexes, [indexed], {
      version: 1,
      logger: quiet,
    });
    const first = new LeasedProjections(runner, slowIndexes, {
      holder: 'first',
      ttlMs: 300,
      renewEveryMs: 50,
      logger: quiet,
    });
    workers.push(first);
    const starting = first.start();
    await waitForAsync(() => building > 0);
    // While the index is built, this worker holds no lease: another could take it.
    expect(await reads.acquireLease('projections', 'probe', 1000)).toBe(true);
    await reads.releaseLease('projections', 'probe');
    release();
    await starting;
    expect(first.activeRunner).not.toBeNull();
    await append(2);
    await first.activeRunner!.waitForPosition((await events.headPosition())!);
    expect(await count()).toBe(2);
  });

  it('lets one of two workers project, and the other take over when it stops', async () => {
    const first = worker('first');
    const second = worker('second');
    await first.start();
    await second.start();
    expect(first.activeRunner).not.toBeNull();
    expect(second.activeRunner).toBeNull();

    await append(3);
    await first.activeRunner!.waitForPosition((await events.headPosition())!);
    expect(await count()).toBe(3);

    await first.stop();
    await waitForAsync(() => second.activeRunner !== null);
    await append(2);
    await second.activeRunner!.waitForPosition((await events.headPosition())!);
    expect(await count()).toBe(5);
  });

  it('releases the lease on a clean stop, so a standby takes over long before it would expire', async () => {
    const hour = 60 * 60 * 1000;
    const first = worker('first', hour);
    const standby = worker('standby', hour);
    await first.start();
    await standby.start();
    await append(2);
    await first.activeRunner!.waitForPosition((await events.headPosition())!);

    await first.stop();
    expect(first.activeRunner).toBeNull();
    // The standby renews every 50 ms; the lease would have run for an hour.
    await waitForAsync(() => standby.activeRunner !== null);
    await append(1);
    await standby.activeRunner!.waitForPosition((await events.headPosition())!);
    expect(await count()).toBe(3);
  });

  it('takes over from a worker that died without releasing, once its lease expires', async () => {
    expect(await reads.acquireLease('projections', 'dead-worker', 200)).toBe(true);
    const survivor = worker('survivor');
    await survivor.start();
    expect(survivor.activeRunner).toBeNull();
    await append(1);
    await waitForAsync(() => survivor.activeRunner !== null);
    await survivor.activeRunner!.waitForPosition((await events.headPosition())!);
    expect(await count()).toBe(1);
  });
});

async function waitForAsync(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
