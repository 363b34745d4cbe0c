import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata, RecordedEvent } from '../../domain/shared/event';
import type { Projection } from '../../projections/projection';
import type { ReadDocument } from '../../projections/read-model';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { ProjectionRunner } from './projection-runner';

const metadata: EventMetadata = {
  actor: { type: 'system', id: 'test' },
  correlationId: 'c',
  causationId: 'c',
  at: '2026-01-01T00:00:00.000Z',
};

/** Counts Tallied events per stream; deletes the tally on Cleared. */
const tallies: Projection = {
  collection: 'tallies',
  handles: ['Tallied', 'Cleared'],
  documentId: (event) => event.streamId,
  apply: (doc, event) =>
    event.type === 'Cleared'
      ? null
      : { _id: event.streamId, count: ((doc?.count as number) ?? 0) + 1 },
};

/** A Shared event adds one to each tally it names that exists, e.g. a post and its comments. */
const shared: Projection = {
  collection: 'tallies',
  handles: ['Shared'],
  documentId: (event) => (event.data as { streams: string[] }).streams,
  apply: (doc) => (doc ? { ...doc, count: (doc.count as number) + 1 } : null),
};

describe('projection runner', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: EmbeddedReadStore;
  const runners: ProjectionRunner[] = [];
  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

  const newRunner = (projections: Projection[] = [tallies], version = 1) => {
    const runner = new ProjectionRunner(events, reads, projections, {
      version,
      logger: quiet,
      retryDelayMs: 10,
    });
    runners.push(runner);
    return runner;
  };
  const append = (stream: string, type = 'Tallied', n = 1) =>
    events.appendToStream(
      stream,
      Array.from({ length: n }, () => ({ id: randomUUID(), type, data: {}, metadata })),
    );

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'runner-'));
    events = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'normal' });
    reads = new EmbeddedReadStore(join(dir, 'read.sqlite'));
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given history and live events, projects both and lets a writer wait for its position', async () => {
    await append('a', 'Tallied', 3);
    const runner = newRunner();
    await runner.start();

    const { position } = await append('a');
    expect(await runner.waitForPosition(position)).toBe(true);
    expect(await reads.findOne('tallies', { _id: 'a' })).toEqual({ _id: 'a', count: 4 });
    expect(await reads.getCheckpoint('read-models')).toBe(position);
  });

  it('resumes after a restart from the stored checkpoint without applying an event twice', async () => {
    const first = newRunner();
    await first.start();
    const { position } = await append('a', 'Tallied', 5);
    await first.waitForPosition(position);
    await first.stop();

    await append('a', 'Tallied', 2);
    const second = newRunner();
    await second.start();
    const head = (await events.headPosition())!;
    await second.waitForPosition(head);
    expect(await reads.findOne('tallies', { _id: 'a' })).toEqual({ _id: 'a', count: 7 });
  });

  it('deletes a document when the projection answers null', async () => {
    const runner = newRunner();
    await runner.start();
    await append('a', 'Tallied', 2);
    const { position } = await append('a', 'Cleared');
    await runner.waitForPosition(position);
    expect(await reads.findOne('tallies', { _id: 'a' })).toBeNull();
  });

  it('rebuilds every read model from the log to the same result', async () => {
    const runner = newRunner();
    await runner.start();
    await append('a', 'Tallied', 4);
    const { position } = await append('b', 'Tallied', 2);
    await runner.waitForPosition(position);
    await runner.stop();
    const before = await reads.find('tallies', {}, { sort: { _id: 1 } });

    const figures = await newRunner().rebuild();
    expect(figures.events).toBe(6);
    expect(await reads.find('tallies', {}, { sort: { _id: 1 } })).toEqual(before);
  });

  it('rebuilds in memory beside the live read models: no document read from the store, one write of the documents, one swap', async () => {
    await append('a', 'Tallied', 4);
    await append('b', 'Tallied', 2);
    await append('c', 'Tallied', 1);
    await append('c', 'Cleared');
    const findOne = jest.spyOn(reads, 'findOne');
    const commit = jest.spyOn(reads, 'commit');
    const writeRebuild = jest.spyOn(reads, 'writeRebuild');
    const swapIn = jest.spyOn(reads, 'swapIn');

    const runner = newRunner();
    await runner.rebuild();
    expect(findOne).not.toHaveBeenCalled();
    expect(commit).not.toHaveBeenCalled();
    expect(writeRebuild).toHaveBeenCalledTimes(1);
    // the documents swapped in with the log's checkpoint and the projections version
    const head = await events.headPosition();
    expect(swapIn).toHaveBeenCalledWith(
      ['tallies'],
      [
        { name: 'read-models', position: head },
        { name: 'projections-version', position: 1n },
      ],
    );
    expect(runner.position).toBe(head);
    expect(await reads.find('tallies', {}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', count: 4 },
      { _id: 'b', count: 2 },
    ]);
  });

  it("rebuilds through a projection's in-place changes to the documents live projection builds", async () => {
    // Changes the document it is given: only ever called with the rebuild's own documents.
    const applyInPlace = jest.fn<ReadDocument | null, [ReadDocument | null, RecordedEvent]>(
      (doc, event) => {
        if (event.type === 'Cleared') return null;
        if (!doc) return { _id: event.streamId, count: 1 };
        doc.count = (doc.count as number) + 1;
        return doc;
      },
    );
    const counting: Projection = { ...tallies, applyInPlace };
    const live = newRunner([counting, shared]);
    await live.start();
    await append('a', 'Tallied', 3);
    await append('b', 'Tallied', 2);
    await append('c', 'Tallied', 1);
    await append('c', 'Cleared');
    const { position } = await events.appendToStream('s', [
      { id: randomUUID(), type: 'Shared', data: { streams: ['a', 'b', 'c'] }, metadata },
    ]);
    await live.waitForPosition(position);
    await live.stop();
    expect(applyInPlace).not.toHaveBeenCalled();
    const before = await reads.find('tallies', {}, { sort: { _id: 1 } });
    expect(before).toEqual([
      { _id: 'a', count: 4 },
      { _id: 'b', count: 3 },
    ]);

    await newRunner([counting, shared]).rebuild();
    expect(applyInPlace).toHaveBeenCalledTimes(7);
    expect(await reads.find('tallies', {}, { sort: { _id: 1 } })).toEqual(before);
  });

  it('leaves the live read models as they were when a rebuild fails before its swap, and discards what it built', async () => {
    const v1 = newRunner([tallies], 1);
    await v1.start();
    const { position } = await append('a', 'Tallied', 3);
    await v1.waitForPosition(position);
    await v1.stop();
    await append('b', 'Tallied', 2);

    // The rebuild for v2 dies while writing its documents.
    const writeRebuild = jest
      .spyOn(reads, 'writeRebuild')
      .mockRejectedValueOnce(new Error('disk full'));
    const abandonRebuild = jest.spyOn(reads, 'abandonRebuild');
    await expect(newRunner([tallies], 2).rebuild()).rejects.toThrow('disk full');
    writeRebuild.mockRestore();
    expect(abandonRebuild).toHaveBeenCalledWith(['tallies']);
    expect(await reads.find('tallies', {})).toEqual([{ _id: 'a', count: 3 }]);
    expect(await reads.getCheckpoint('read-models')).toBe(position);
    expect(await reads.getCheckpoint('projections-version')).toBe(1n);

    // v1 carries on from its checkpoint.
    const again = newRunner([tallies], 1);
    await again.start();
    await again.waitForPosition((await events.headPosition())!);
    expect(await reads.find('tallies', {}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', count: 3 },
      { _id: 'b', count: 2 },
    ]);
  });

  it('leaves the reactors’ read models and checkpoints alone, unless told to reset them after the swap (as after a restore)', async () => {
    await append('a', 'Tallied', 2);
    await reads.commit([{ kind: 'upsert', collection: 'digests', document: { _id: 'd' } }], {
      name: 'reactor:digests',
      position: 99n,
    });
    await newRunner().rebuild();
    expect(await reads.getCheckpoint('reactor:digests')).toBe(99n);
    expect(await reads.find('digests', {})).toEqual([{ _id: 'd' }]);

    await newRunner().rebuild({ resetOthers: true });
    expect(await reads.getCheckpoint('reactor:digests')).toBeNull();
    expect(await reads.find('digests', {})).toEqual([]);
    expect(await reads.find('tallies', {})).toEqual([{ _id: 'a', count: 2 }]);
    expect(await reads.getCheckpoint('read-models')).toBe(await events.headPosition());
    expect(await reads.getCheckpoint('projections-version')).toBe(1n);
  });

  it('leaves no version marked built when a swap is cut short, so the next start replays the log', async () => {
    const v1 = newRunner([tallies], 1);
    await v1.start();
    const { position } = await append('a', 'Tallied', 3);
    await v1.waitForPosition(position);
    await v1.stop();

    // As MongoDB's swap does when it stops between its renames: checkpoints gone, nothing set.
    const swapIn = jest.spyOn(reads, 'swapIn').mockImplementationOnce(async (_, checkpoints) => {
      const removed = checkpoints.map(({ name }) => ({ name, position: null }));
      await reads.swapIn([], removed);
      throw new Error('power cut');
    });
    await expect(newRunner([tallies], 2).rebuild()).rejects.toThrow('power cut');
    swapIn.mockRestore();
    expect(await reads.getCheckpoint('projections-version')).toBeNull();

    await append('a', 'Tallied', 2);
    const v2 = newRunner([tallies], 2);
    await v2.start();
    await v2.waitForPosition((await events.headPosition())!);
    expect(await reads.findOne('tallies', { _id: 'a' })).toEqual({ _id: 'a', count: 5 });
    expect(await reads.getCheckpoint('projections-version')).toBe(2n);
  });

  it('given read models of another projections version, when started, then they serve until the new ones built beside them swap in', async () => {
    const v1 = newRunner([tallies], 1);
    await v1.start();
    const { position } = await append('a', 'Tallied', 3);
    await v1.waitForPosition(position);
    await v1.stop();

    const doubled: Projection = {
      ...tallies,
      apply: (doc, event) => ({ _id: event.streamId, count: ((doc?.count as number) ?? 0) + 2 }),
    };
    const v2 = newRunner([doubled], 2);
    await v2.start();
    expect(await reads.findOne('tallies', { _id: 'a' })).toEqual({ _id: 'a', count: 3 });
    await v2.startRebuild();
    expect(await reads.findOne('tallies', { _id: 'a' })).toEqual({ _id: 'a', count: 6 });
    expect(await reads.getCheckpoint('projections-version')).toBe(2n);
  });

  it('skips an event a faulty projection throws on and keeps projecting the others', async () => {
    const faulty: Projection = {
      ...tallies,
      apply: (doc, event) => {
        if ((event.data as { poison?: boolean }).poison) throw new Error('bad data');
        return tallies.apply(doc, event);
      },
    };
    const runner = newRunner([faulty]);
    await runner.start();
    await append('a');
    await events.appendToStream('a', [
      { id: randomUUID(), type: 'Tallied', data: { poison: true }, metadata },
    ]);
    const { position } = await append('a');
    expect(await runner.waitForPosition(position)).toBe(true);
    expect(await reads.findOne('tallies', { _id: 'a' })).toEqual({ _id: 'a', count: 2 });
  });

  it('projects again after a stop that came while it was recovering from a failed commit', async () => {
    const runner = newRunner();
    await runner.start();
    let commitFailed!: () => void;
    const failedCommit = new Promise<void>((resolve) => (commitFailed = resolve));
    jest.spyOn(reads, 'commit').mockImplementationOnce(() => {
      commitFailed();
      return Promise.reject(new Error('disk full'));
    });
    await append('a');
    await failedCommit;
    await runner.stop();

    await runner.start();
    const { position } = await append('a');
    expect(await runner.waitForPosition(position, 2000)).toBe(true);
    expect(await reads.findOne('tallies', { _id: 'a' })).toEqual({ _id: 'a', count: 2 });
  });

  it('applies an event to every document it names, in one batch with the events around it', async () => {
    await append('a', 'Tallied', 2);
    await append('b', 'Tallied');
    await events.appendToStream('x', [
      { id: randomUUID(), type: 'Shared', data: { streams: ['a', 'b', 'a', 'missing'] }, metadata },
    ]);
    await append('b', 'Tallied');
    const commit = jest.spyOn(reads, 'commit');
    const runner = newRunner([tallies, shared]);
    await runner.start();
    await runner.waitForPosition((await events.headPosition())!);

    expect(await reads.find('tallies', {}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', count: 3 },
      { _id: 'b', count: 3 },
    ]);
    // the version marker, then the whole history as one batch
    expect(commit).toHaveBeenCalledTimes(2);
  });

  it("declares the projections' indexes before projecting, and gives a rebuild's fresh read models them", async () => {
    const ranked: Projection = { ...tallies, indexes: [{ keys: { count: -1 } }] };
    const ensureIndexes = jest.spyOn(reads, 'ensureIndexes');
    const beginRebuild = jest.spyOn(reads, 'beginRebuild');
    await append('a', 'Tallied', 3);
    await append('b', 'Tallied', 5);

    await newRunner([ranked, shared]).rebuild();
    expect(beginRebuild).toHaveBeenCalledWith(
      [
        { collection: 'tallies', indexes: [{ keys: { count: -1 } }] },
        { collection: 'tallies', indexes: [] },
      ],
      { offline: true },
    );
    expect(await reads.find('tallies', {}, { sort: { count: -1 } })).toEqual([
      { _id: 'b', count: 5 },
      { _id: 'a', count: 3 },
    ]);

    await newRunner([ranked, shared]).start();
    expect(ensureIndexes).toHaveBeenCalledTimes(1);
    expect(ensureIndexes).toHaveBeenCalledWith('tallies', [{ keys: { count: -1 } }]);
  });

  it('answers false when the read models do not reach a position in time', async () => {
    const runner = newRunner();
    await runner.start();
    expect(await runner.waitForPosition(10_000n, 50)).toBe(false);
  });

  it('writes only the documents a batch changed', async () => {
    /** Reads the documents a Looked event names and leaves them as they are. */
    const looker: Projection = {
      collection: 'tallies',
      handles: ['Looked'],
      documentId: (event) => (event.data as { streams: string[] }).streams,
      apply: (doc) => doc,
    };
    await append('a', 'Tallied', 2);
    await append('b', 'Tallied');
    const runner = newRunner([tallies, shared, looker]);
    await runner.start();
    await runner.waitForPosition((await events.headPosition())!);
    const b = await reads.findOne('tallies', { _id: 'b' });

    const commit = jest.spyOn(reads, 'commit');
    const { position } = await events.appendToStream('x', [
      { id: randomUUID(), type: 'Looked', data: { streams: ['a', 'b', 'missing'] }, metadata },
      { id: randomUUID(), type: 'Shared', data: { streams: ['a', 'missing'] }, metadata },
    ]);
    await runner.waitForPosition(position);

    const written = commit.mock.calls.flatMap(([writes]) => writes);
    expect(written).toEqual([
      { kind: 'upsert', collection: 'tallies', document: { _id: 'a', count: 3 } },
    ]);
    expect(await reads.findOne('tallies', { _id: 'a' })).toEqual({ _id: 'a', count: 3 });
    expect(await reads.findOne('tallies', { _id: 'b' })).toEqual(b);
    expect(await reads.getCheckpoint('read-models')).toBe(position);
  });

  it('reads the documents a batch touches in one round trip, whatever their collections and number', async () => {
    /** Counts every Tallied event in one document, beside the per-stream tallies. */
    const totals: Projection = {
      collection: 'totals',
      handles: ['Tallied'],
      documentId: () => 'all',
      apply: (doc) => ({ _id: 'all', count: ((doc?.count as number) ?? 0) + 1 }),
    };
    const runner = newRunner([tallies, totals, shared]);
    await runner.start();
    await append('a', 'Tallied', 2);
    await runner.waitForPosition((await events.headPosition())!);
    const readMany = jest.spyOn(reads, 'readMany');
    const findOne = jest.spyOn(reads, 'findOne');

    const { position } = await events.appendToStream('x', [
      { id: randomUUID(), type: 'Tallied', data: {}, metadata },
      { id: randomUUID(), type: 'Shared', data: { streams: ['a', 'b', 'missing'] }, metadata },
    ]);
    await runner.waitForPosition(position);

    expect(readMany).toHaveBeenCalledTimes(1);
    expect(findOne).not.toHaveBeenCalled();
    expect(await reads.find('tallies', {}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', count: 3 },
      { _id: 'x', count: 1 },
    ]);
    expect(await reads.findOne('totals', { _id: 'all' })).toEqual({ _id: 'all', count: 3 });
  });

  it('reads nothing from the store for documents it committed itself, until a commit fails or it starts again', async () => {
    const runner = newRunner();
    await runner.start();
    await runner.waitForPosition((await append('a')).position);
    const readMany = jest.spyOn(reads, 'readMany');

    await runner.waitForPosition((await append('a')).position);
    expect(readMany).not.toHaveBeenCalled();

    // A commit that fails may have landed or not: what was kept is read again.
    jest.spyOn(reads, 'commit').mockRejectedValueOnce(new Error('the store went away'));
    await runner.waitForPosition((await append('a')).position);
    expect(readMany).toHaveBeenCalledTimes(1);
    expect(await reads.findOne('tallies', { _id: 'a' })).toEqual({ _id: 'a', count: 3 });

    await runner.stop();
    await runner.start();
    await runner.waitForPosition((await append('a')).position);
    expect(readMany).toHaveBeenCalledTimes(2);
    expect(await reads.findOne('tallies', { _id: 'a' })).toEqual({ _id: 'a', count: 4 });
  });

  it('reads nothing for a document its stream’s first event makes, and reads it for the events after', async () => {
    const perStream: Projection = { ...tallies, createdWithStream: ['Tallied'] };
    const runner = newRunner([perStream]);
    await runner.start();
    const readMany = jest.spyOn(reads, 'readMany');

    await runner.waitForPosition((await append('fresh')).position);
    expect(readMany).not.toHaveBeenCalled();

    await runner.stop(); // forgets what it kept
    await runner.start();
    await runner.waitForPosition((await append('fresh')).position);
    expect(readMany).toHaveBeenCalledTimes(1);
    expect(await reads.findOne('tallies', { _id: 'fresh' })).toEqual({ _id: 'fresh', count: 2 });
  });

  it('commits a burst of events in batches, not one write per event', async () => {
    const commit = jest.spyOn(reads, 'commit');
    await append('a', 'Tallied', 1200);
    const runner = newRunner();
    await runner.start();
    await runner.waitForPosition((await events.headPosition())!);
    expect(await reads.findOne('tallies', { _id: 'a' })).toEqual({ _id: 'a', count: 1200 });
    // one commit for the version marker, then a handful of batches
    expect(commit.mock.calls.length).toBeLessThan(10);
  });
});
