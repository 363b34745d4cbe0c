import { type Collection, type Document, MongoBulkWriteError } from 'mongodb';
import { batchRead } from '../../application/ports/read-batch';
import { batchAnswers, batchPipeline, countWithin } from './mongo-read-batch';
import { COUNTERS, type CounterDocument } from './mongo-read-store.mapping';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const LATER = new Date('2026-11-28T13:00:00.000Z');

describe('MongoDB batches of reads', () => {
  const reads = {
    post: batchRead.findOneJoined('posts', { _id: 'p1' }, { collection: 'users', localField: 'a' }),
    page: batchRead.find('posts', { listed: true }, { sort: { rating: -1 }, limit: 24 }),
    reported: batchRead.count('reports', { postId: 'p1' }),
    ranks: batchRead.countBefore('posts', { listed: true }, { rating: -1 }, [
      { rating: 9, _id: 'p2' },
      { rating: 5, _id: 'p3' },
    ]),
    ended: batchRead.counter('ended-session:abc'),
  };

  it('given a batch, when planned, then it is one aggregation: a $lookup per read, one per rank position', () => {
    const pipeline = batchPipeline(reads, NOW);

    expect(pipeline[0]).toEqual({ $documents: [{}] });
    const lookups = pipeline.slice(1).map((stage) => (stage as { $lookup: Document }).$lookup);
    expect(lookups.map((lookup) => [lookup.from, lookup.as])).toEqual([
      ['posts', 'r0_0'],
      ['posts', 'r1_0'],
      ['reports', 'r2_0'],
      ['posts', 'r3_0'],
      ['posts', 'r3_1'],
      [COUNTERS, 'r4_0'],
    ]);
    // Each read's own query first, so that it walks the collection's indexes.
    expect(lookups[0].pipeline).toEqual([
      { $match: { _id: 'p1' } },
      { $limit: 1 },
      { $lookup: { from: 'users', localField: 'a', foreignField: '_id', as: '__joined' } },
    ]);
    expect(lookups[1].pipeline).toEqual([
      { $match: { listed: true } },
      { $sort: { rating: -1, _id: 1 } },
      { $limit: 24 },
    ]);
    expect(lookups[2].pipeline).toEqual([{ $match: { postId: 'p1' } }, { $count: 'n' }]);
    expect(lookups[5].pipeline).toEqual([
      { $match: { _id: 'ended-session:abc', expiresAt: { $gt: NOW } } },
    ]);
  });

  it('given the aggregation’s document, when read, then each read gets its answer by name', () => {
    const answers = batchAnswers(reads, {
      r0_0: [{ _id: 'p1', a: 'u1', __joined: [{ _id: 'u1', name: 'Ann' }] }],
      r1_0: [{ _id: 'p2' }, { _id: 'p1' }],
      r2_0: [],
      r3_0: [],
      r3_1: [{ n: 3 }],
      r4_0: [{ _id: 'ended-session:abc', value: 1, expiresAt: LATER }],
    });

    expect(answers).toEqual({
      post: { document: { _id: 'p1', a: 'u1' }, joined: { _id: 'u1', name: 'Ann' } },
      page: [{ _id: 'p2' }, { _id: 'p1' }],
      reported: 0,
      ranks: [0, 3],
      ended: 1,
    });
  });
});

describe('MongoDB bounded counts', () => {
  it('given counters below, at and past their bound, when counted, then one bulk write counts those below', async () => {
    const counters = fakeCounters({ full: 2 });

    const counted = await countWithin(
      counters.collection,
      [
        { key: 'full', expiresAt: LATER, below: 2 },
        { key: 'new', expiresAt: LATER, below: 2 },
        { key: 'never', expiresAt: LATER, below: 0 },
      ],
      NOW,
    );

    expect(counted).toEqual([false, true, false]);
    expect(counters.values()).toEqual({ full: 2, new: 1 });
    // The refused count is looked up once to tell a full counter from a race.
    expect(counters.calls).toEqual(['bulkWrite', 'find']);
  });

  it('given a first count that loses a race to insert its counter, when counted, then it counts again on the winner’s', async () => {
    const counters = fakeCounters({}, { raceOn: 'new' });

    const counted = await countWithin(
      counters.collection,
      [{ key: 'new', expiresAt: LATER, below: 5 }],
      NOW,
    );

    expect(counted).toEqual([true]);
    expect(counters.values()).toEqual({ new: 2 });
    expect(counters.calls).toEqual(['bulkWrite', 'find', 'bulkWrite']);
  });

  it('given all below their bound, when counted, then it costs one bulk write', async () => {
    const counters = fakeCounters({ a: 1 });

    await countWithin(
      counters.collection,
      [
        { key: 'a', expiresAt: LATER, below: 10 },
        { key: 'b', expiresAt: LATER, below: 10 },
      ],
      NOW,
    );

    expect(counters.calls).toEqual(['bulkWrite']);
    expect(counters.values()).toEqual({ a: 2, b: 1 });
  });
});

/**
 * The counters collection as the server answers an unordered bulk write of conditional upserts:
 * a filter that misses an existing `_id` inserts it again and fails with a duplicate key.
 * `raceOn` names a key that another process inserts (value 1) just before this one's insert.
 */
function fakeCounters(start: Record<string, number>, options: { raceOn?: string } = {}) {
  const stored = new Map(Object.entries(start).map(([key, value]) => [key, value]));
  const calls: string[] = [];
  let raced = false;
  const collection = {
    async bulkWrite(operations: { updateOne: { filter: Document } }[]) {
      calls.push('bulkWrite');
      const writeErrors: { index: number; code: number }[] = [];
      operations.forEach(({ updateOne: { filter } }, index) => {
        const key = filter._id as string;
        const below = (filter.$or as { value: { $lt: number } }[] | undefined)?.[0].value.$lt;
        if (key === options.raceOn && !raced) {
          raced = true;
          stored.set(key, 1);
          writeErrors.push({ index, code: 11000 });
          return;
        }
        const value = stored.get(key);
        if (value === undefined) stored.set(key, 1);
        else if (below === undefined || value < below) stored.set(key, value + 1);
        else writeErrors.push({ index, code: 11000 });
      });
      if (writeErrors.length > 0) {
        throw new MongoBulkWriteError(
          { message: 'E11000', code: 11000, writeErrors } as never,
          {} as never,
        );
      }
    },
    find(filter: { _id: { $in: string[] } }) {
      calls.push('find');
      const found = filter._id.$in
        .filter((key) => stored.has(key))
        .map((key) => ({ _id: key, value: stored.get(key)!, expiresAt: LATER }));
      return { toArray: async () => found };
    },
  };
  return {
    collection: collection as unknown as Collection<CounterDocument>,
    calls,
    values: () => Object.fromEntries(stored),
  };
}
