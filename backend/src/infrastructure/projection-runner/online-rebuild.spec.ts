import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata } from '../../domain/shared/event';
import type { Projection } from '../../projections/projection';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { ProjectionRunner } from './projection-runner';
import { RebuildStatus } from './rebuild-status';
import { HANDOVER_WRITES, type OnlineRebuildHooks } from './online-rebuild';

const metadata: EventMetadata = {
  actor: { type: 'system', id: 'test' },
  correlationId: 'c',
  causationId: 'c',
  at: '2026-01-01T00:00:00.000Z',
};

/** Counts Tallied events per stream, by `step` (v1: 1, v2: 10, so the two sets differ). */
const tallies = (step: number): Projection => ({
  collection: 'tallies',
  handles: ['Tallied'],
  documentId: (event) => event.streamId,
  apply: (doc, event) => ({ _id: event.streamId, count: ((doc?.count as number) ?? 0) + step }),
});

describe('online rebuild', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: EmbeddedReadStore;
  const runners: ProjectionRunner[] = [];
  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

  const newRunner = (version: number, rebuildHooks?: OnlineRebuildHooks) => {
    const runner = new ProjectionRunner(events, reads, [tallies(version === 1 ? 1 : 10)], {
      version,
      logger: quiet,
      retryDelayMs: 10,
      rebuildHooks,
    });
    runners.push(runner);
    return runner;
  };
  const append = (stream: string, n = 1) =>
    events.appendToStream(
      stream,
      Array.from({ length: n }, () => ({ id: randomUUID(), type: 'Tallied', data: {}, metadata })),
    );
  const tally = async (id: string) =>
    ((await reads.findOne('tallies', { _id: id })) as { count: number } | null)?.count;

  /**
   * v1's read models of `n` events on stream a, stopped; then v2 started: it serves v1's and
   * rebuilds beside them, stepped into by `hooks`.
   */
  const v2Beside = async (n: number, hooks: OnlineRebuildHooks = {}) => {
    const v1 = newRunner(1);
    await v1.start();
    const { position } = await append('a', n);
    await v1.waitForPosition(position);
    await v1.stop();
    const v2 = newRunner(2, hooks);
    await v2.start();
    return v2;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'online-rebuild-'));
    events = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'normal' });
    reads = new EmbeddedReadStore(join(dir, 'read.sqlite'));
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given events appended during the replay, the catch-up and the paused swap, when it swaps in, then each is in the new read models once, and the live ones served each meanwhile', async () => {
    const live: (number | undefined)[] = [];
    let waited: Promise<boolean> = Promise.resolve(false);
    let appendedPaused = false;
    const v2: ProjectionRunner = await v2Beside(600, {
      afterPage: async (phase) => {
        if (phase === 'replay') {
          const { position } = await append('b');
          await v2.waitForPosition(position);
          live.push(await tally('b'));
        } else if ((await tally('c')) === undefined) {
          const { position } = await append('c', 2);
          await v2.waitForPosition(position);
          live.push(await tally('c'));
        }
      },
      paused: async () => {
        // The live projection is paused: these wait for the swap, which must answer them.
        const { position } = await append('d', 3);
        waited = v2.waitForPosition(position, 60_000);
        appendedPaused = true;
      },
    });
    await v2.startRebuild();

    expect(appendedPaused).toBe(true);
    // The live read models answered the writes at once while the rebuild ran (v2's code
    // projecting onto v1's documents).
    expect(live[0]).toBe(10);
    expect(live.at(-1)).toBe(20);
    expect(await waited).toBe(true);
    expect(await tally('a')).toBe(6000);
    expect(await tally('b')).toBe(30);
    expect(await tally('c')).toBe(20);
    expect(await tally('d')).toBe(30);
    expect(await reads.getCheckpoint('read-models')).toBe(await events.headPosition());
    expect(await reads.getCheckpoint('projections-version')).toBe(2n);
    expect(v2.rebuildStatus.snapshot().state).toBe('idle');

    // The live projection goes on into the new read models, and never twice over an event.
    const { position } = await append('d');
    expect(await v2.waitForPosition(position)).toBe(true);
    expect(await tally('d')).toBe(40);
  });

  it('given more documents than one hand-over, when the replay ends, then they go to the copies a hand-over at a time and all are swapped in', async () => {
    const v1 = newRunner(1);
    await v1.start();
    const streams = 2 * HANDOVER_WRITES + 5;
    let last = await append('s0');
    for (let i = 1; i < streams; i++) last = await append(`s${i}`);
    await v1.waitForPosition(last.position);
    await v1.stop();
    const sizes: number[] = [];
    const write = reads.writeRebuild.bind(reads);
    jest.spyOn(reads, 'writeRebuild').mockImplementation((writes) => {
      sizes.push(writes.length);
      return write(writes);
    });

    const v2 = newRunner(2);
    await v2.start();
    await v2.startRebuild();

    expect(sizes.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(HANDOVER_WRITES);
    expect(await reads.count('tallies', {})).toBe(streams);
    expect(await tally(`s${streams - 1}`)).toBe(10);
  });

  it('given a rebuild running, when its progress is read, then it is running with events replayed towards the head', async () => {
    const seen: ReturnType<RebuildStatus['snapshot']>[] = [];
    const v2: ProjectionRunner = await v2Beside(600, {
      afterPage: () => void seen.push(v2.rebuildStatus.snapshot()),
    });
    await v2.startRebuild();
    expect(seen[0]).toMatchObject({ state: 'running', replayed: 250, head: 600n, error: null });
    expect(seen.at(-1)).toMatchObject({ state: 'running', replayed: 600 });
  });

  it('given a catch-up that fails, when the rebuild is over, then the live read models are as they were and still projected, and the status says it failed', async () => {
    const readRebuilt = jest
      .spyOn(reads, 'readRebuilt')
      .mockRejectedValueOnce(new Error('copy unreadable'));
    const abandon = jest.spyOn(reads, 'abandonRebuild');
    const v2 = await v2Beside(10, {
      afterPage: async (phase) => {
        if (phase === 'replay') await append('b');
      },
    });
    await v2.startRebuild();
    readRebuilt.mockRestore();

    expect(abandon).toHaveBeenCalledWith(['tallies']);
    expect(v2.rebuildStatus.snapshot()).toMatchObject({
      state: 'failed',
      error: 'copy unreadable',
      etaSeconds: null,
    });
    expect(await reads.getCheckpoint('projections-version')).toBe(1n);
    expect(await tally('a')).toBe(10);
    const { position } = await append('a');
    expect(await v2.waitForPosition(position)).toBe(true);
    // v2's code projects v1's documents until a rebuild succeeds.
    expect(await tally('a')).toBe(20);
  });

  it('given a stop while a rebuild runs, when it stops, then the rebuild gives up before its swap and the live read models stay', async () => {
    let stopped: Promise<void> | null = null;
    const v2: ProjectionRunner = await v2Beside(600, {
      afterPage: () => {
        stopped ??= v2.stop();
      },
    });
    await v2.startRebuild();
    await stopped;
    expect(v2.rebuildStatus.snapshot()).toMatchObject({
      state: 'failed',
      error: 'Stopped before the swap',
    });
    expect(await tally('a')).toBe(600);
    expect(await reads.getCheckpoint('projections-version')).toBe(1n);
  });
});

describe('rebuild status', () => {
  it('given half the log replayed in 10 s, when read, then the ETA is 10 s more', () => {
    let now = 0;
    const status = new RebuildStatus(() => now);
    status.began(1000n);
    now = 10_000;
    status.advanced(500, 500n);
    expect(status.snapshot()).toEqual({
      state: 'running',
      replayed: 500,
      head: 1000n,
      etaSeconds: 10,
      error: null,
    });
  });

  it('given a finished rebuild, when read, then it is idle with no progress', () => {
    const status = new RebuildStatus(() => 0);
    status.began(10n);
    status.advanced(10, 10n);
    status.finished();
    expect(status.snapshot()).toEqual({
      state: 'idle',
      replayed: 0,
      head: null,
      etaSeconds: null,
      error: null,
    });
  });
});
