import { Aggregator, Query } from 'mingo';
import { compareKeyValues, orderKeys, valueAt } from './bson-order';
import {
  bulkParts,
  bulkProgress,
  checkpointDocument,
  countBeforePipeline,
  countsBefore,
  counterIncrementPipeline,
  databaseNameFromUrl,
  groupWritesByCollection,
  hasErrorCode,
  indexKeysWithId,
  keysetFilter,
  pageFilter,
  parseCheckpointPosition,
  positionSortKey,
  REBUILD_BATCH_WRITES,
  rebuildBatches,
  totalSort,
} from './mongo-read-store.mapping';
import type { ReadDocument, Sort } from '../../application/ports/read-store.port';

describe('MongoDB read store mapping', () => {
  it('given connection URLs, when naming the database, then the path wins and solescore is the default', () => {
    expect(databaseNameFromUrl('mongodb://localhost:27017/ratings')).toBe('ratings');
    expect(
      databaseNameFromUrl('mongodb://a:27017,b:27017,c:27017/prod?replicaSet=rs0&w=majority'),
    ).toBe('prod');
    expect(
      databaseNameFromUrl('mongodb+srv://user:p%40ss@cluster.example.net/app?retryWrites=true'),
    ).toBe('app');
    expect(databaseNameFromUrl('mongodb://localhost:27017/?replicaSet=rs0')).toBe('solescore');
    expect(databaseNameFromUrl('mongodb://localhost:27017')).toBe('solescore');
    expect(databaseNameFromUrl('mongodb://localhost', 'other')).toBe('other');
  });

  it('given positions, when encoded as sort keys, then string order is numeric order', () => {
    const positions = [0n, 9n, 10n, 99n, 100n, 123456789n, 18446744073709551615n];
    const keys = positions.map(positionSortKey);
    expect(keys.every((key) => key.length === 20)).toBe(true);
    expect([...keys].sort()).toEqual(keys);
    expect(positionSortKey(42n)).toBe('00000000000000000042');
  });

  it('given the position before the first event, when encoded, then it sorts before every event', () => {
    expect([positionSortKey(0n), positionSortKey(-1n)].sort()).toEqual([
      positionSortKey(-1n),
      positionSortKey(0n),
    ]);
  });

  it('given an impossible position, when encoded, then it is refused', () => {
    expect(() => positionSortKey(-2n)).toThrow(RangeError);
    expect(() => positionSortKey(10n ** 20n)).toThrow(RangeError);
  });

  it('given a checkpoint, when stored and read back, then the bigint survives exactly', () => {
    const document = checkpointDocument('read-models', 9007199254740993n);
    expect(document).toEqual({
      _id: 'read-models',
      position: '9007199254740993',
      sortKey: '00009007199254740993',
    });
    expect(parseCheckpointPosition(document)).toBe(9007199254740993n);
  });

  it('given writes to several collections, when grouped, then each collection keeps its order', () => {
    const groups = groupWritesByCollection([
      { kind: 'upsert', collection: 'posts', document: { _id: 'p1', rating: 7 } },
      { kind: 'upsert', collection: 'users', document: { _id: 'u1' } },
      { kind: 'delete', collection: 'posts', id: 'p1' },
    ]);
    expect([...groups.keys()]).toEqual(['posts', 'users']);
    expect(groups.get('posts')).toEqual([
      {
        replaceOne: {
          filter: { _id: 'p1' },
          replacement: { _id: 'p1', rating: 7 },
          upsert: true,
        },
      },
      { deleteOne: { filter: { _id: 'p1' } } },
    ]);
  });

  it('given a write to a collection the store keeps for itself, when grouped, then it is refused', () => {
    expect(() =>
      groupWritesByCollection([{ kind: 'delete', collection: '_checkpoints', id: 'read-models' }]),
    ).toThrow('reserved');
  });

  it('given a bulk commit larger than a transaction, when split, then each part is bounded and the checkpoint moves with the last', () => {
    const writes = Array.from({ length: 7 }, (_, n) => ({
      kind: 'delete' as const,
      collection: 'posts',
      id: `p${n}`,
    }));
    const parts = bulkParts(writes, { name: 'read-models', position: 42n }, 3);
    expect(parts.map((part) => part.writes)).toEqual([
      writes.slice(0, 3),
      writes.slice(3, 6),
      writes.slice(6),
    ]);
    expect(parts.map((part) => part.checkpoint)).toEqual([
      { name: bulkProgress('read-models'), position: 1n },
      { name: bulkProgress('read-models'), position: 2n },
      { name: 'read-models', position: 42n },
    ]);
    expect(bulkParts([], { name: 'read-models', position: 1n }, 3)).toEqual([
      { writes: [], checkpoint: { name: 'read-models', position: 1n } },
    ]);
  });

  it('given a rebuild larger than a batch, when batched, then each batch is bounded, in order, and goes to the fresh collections', () => {
    const writes = Array.from({ length: 2 * REBUILD_BATCH_WRITES + 1 }, (_, n) => ({
      kind: 'upsert' as const,
      collection: n % 2 === 0 ? 'posts' : 'users',
      document: { _id: `d${n}` },
    }));
    const batches = rebuildBatches(writes, (name) => `${name}__g2`);
    expect(batches).toHaveLength(3);
    const ids = batches.flatMap((batch) =>
      [...batch.values()]
        .flat()
        .map((op) => ('replaceOne' in op ? op.replaceOne.filter._id : null)),
    );
    expect(new Set(ids).size).toBe(writes.length);
    for (const batch of batches) {
      expect([...batch.keys()].every((name) => name.endsWith('__g2'))).toBe(true);
      expect([...batch.values()].flat().length).toBeLessThanOrEqual(REBUILD_BATCH_WRITES);
    }
    expect([...batches[0]!.keys()]).toEqual(['posts__g2', 'users__g2']);
  });

  describe('counter update pipeline (evaluated with mingo, which speaks the same dialect)', () => {
    const now = new Date('2026-01-05T10:00:00.000Z');
    const window = new Date('2026-01-05T10:01:00.000Z');
    const apply = (document: Record<string, unknown>) =>
      new Aggregator(counterIncrementPipeline(window, now)).run([document])[0];

    it('given no counter yet, when counting, then it starts at 1 with the given expiry', () => {
      expect(apply({ _id: 'k' })).toEqual({ _id: 'k', value: 1, expiresAt: window });
    });

    it('given a live counter, when counting, then it adds one and keeps its expiry', () => {
      const expiresAt = new Date('2026-01-05T10:00:30.000Z');
      expect(apply({ _id: 'k', value: 4, expiresAt })).toEqual({ _id: 'k', value: 5, expiresAt });
    });

    it('given an expired counter the TTL monitor has not removed yet, when counting, then it starts over', () => {
      const expiresAt = new Date('2026-01-05T09:59:59.000Z');
      expect(apply({ _id: 'k', value: 40, expiresAt })).toEqual({
        _id: 'k',
        value: 1,
        expiresAt: window,
      });
    });

    it('given a counter expiring this very moment, when counting, then it starts over', () => {
      expect(apply({ _id: 'k', value: 3, expiresAt: now })).toEqual({
        _id: 'k',
        value: 1,
        expiresAt: window,
      });
    });
  });

  it('given driver errors, when checking their code, then only a matching code counts', () => {
    expect(hasErrorCode({ code: 26 }, 26)).toBe(true);
    expect(hasErrorCode({ code: 11000 }, 26)).toBe(false);
    expect(hasErrorCode(new Error('x'), 26)).toBe(false);
    expect(hasErrorCode(null, 26)).toBe(false);
  });

  describe('indexes, sorts and keyset pages', () => {
    it('given a declared index, when created, then _id ascending ends its keys', () => {
      expect(Object.entries(indexKeysWithId({ listed: 1, createdAt: -1 }))).toEqual([
        ['listed', 1],
        ['createdAt', -1],
        ['_id', 1],
      ]);
      expect(Object.entries(indexKeysWithId({ week: 1, _id: 1 }))).toEqual([
        ['week', 1],
        ['_id', 1],
      ]);
      expect(() => indexKeysWithId({ _id: -1 })).toThrow(TypeError);
    });

    it('given a sort, when sent, then _id ascending breaks its ties unless it names _id', () => {
      expect(Object.entries(totalSort({ rating: -1, votes: -1 }))).toEqual([
        ['rating', -1],
        ['votes', -1],
        ['_id', 1],
      ]);
      expect(totalSort({ _id: -1 })).toEqual({ _id: -1 });
      expect(totalSort(undefined)).toEqual({ _id: 1 });
    });

    it('given a position, when paging, then the keyset filter goes key by key and joins the query by $and', () => {
      const after = { rating: 7, createdAt: '2026-01-02', _id: 'p9' };
      expect(keysetFilter({ rating: -1, createdAt: 1 }, after)).toEqual({
        $or: [
          {
            $or: [{ rating: { $lt: 7 } }, { rating: null }],
          },
          {
            rating: 7,
            $or: [
              { createdAt: { $gt: '2026-01-02' } },
              { createdAt: { $type: ['object', 'array', 'bool', 'date'] } },
            ],
          },
          { rating: 7, createdAt: '2026-01-02', _id: { $gt: 'p9' } },
        ],
      });
      expect(pageFilter({ listed: true }, { _id: 1 }, { _id: 'p9' })).toEqual({
        $and: [{ listed: true }, { _id: { $gt: 'p9' } }],
      });
      expect(pageFilter({}, { _id: -1 }, { _id: 'p9' })).toEqual({ _id: { $lt: 'p9' } });
      expect(pageFilter({ listed: true }, { _id: 1 }, undefined)).toEqual({ listed: true });
    });

    it('given null, missing and mixed types, when paging through every position in both directions, then the filter keeps exactly what sorts after it', () => {
      const values = [null, undefined, -2, 0, 3.5, 'a', 'b', true, false];
      const documents: ReadDocument[] = [];
      values.forEach((rating, i) =>
        values.slice(0, 4).forEach((votes, j) => {
          const doc: ReadDocument = { _id: `p${(i * 7 + j * 3) % 40}-${i}-${j}` };
          if (rating !== undefined) doc.rating = rating;
          if (votes !== undefined) doc.votes = votes;
          documents.push(doc);
        }),
      );
      const sorts: Sort[] = [
        { rating: 1 },
        { rating: -1 },
        { rating: -1, votes: 1 },
        { votes: -1, rating: 1, _id: -1 },
      ];
      for (const sort of sorts) {
        const keys = orderKeys(sort);
        const tuple = (doc: ReadDocument) => keys.map((key) => valueAt(doc, key.path));
        for (const position of documents) {
          const after = Object.fromEntries(keys.map((key) => [key.field, position[key.field]]));
          const query = new Query(keysetFilter(sort, after));
          const kept = documents.filter((doc) => query.test(doc)).map((doc) => doc._id);
          const expected = documents
            .filter((doc) => compareKeyValues(tuple(doc), tuple(position), keys) > 0)
            .map((doc) => doc._id);
          expect({ sort, after, kept: kept.sort() }).toEqual({
            sort,
            after,
            kept: expected.sort(),
          });
        }
      }
    });

    it('given a page of positions, when ranking them on the board in one aggregation, then each count is what comes strictly before it (evaluated with mingo)', () => {
      const ratings = [null, undefined, 1, 2.5, 4];
      const documents: ReadDocument[] = Array.from({ length: 30 }, (_, i) => {
        const doc: ReadDocument = { _id: `p${(i * 7) % 30}`, listed: i % 4 !== 0, votes: i % 3 };
        const rating = ratings[i % ratings.length];
        if (rating !== undefined) doc.rating = rating;
        return doc;
      });
      const sort: Sort = { rating: -1, votes: -1 };
      const keys = orderKeys(sort);
      const tuple = (doc: ReadDocument) => keys.map((key) => valueAt(doc, key.path));
      const board = documents
        .filter((doc) => doc.listed)
        .sort((a, b) => compareKeyValues(tuple(a), tuple(b), keys));
      // A searched page: some of the board's posts, in board order.
      const page = board.filter((_, index) => index % 4 === 1);
      const positions = page.map((doc) => ({
        rating: doc.rating ?? null,
        votes: doc.votes,
        _id: doc._id,
      }));
      const pipeline = countBeforePipeline({ listed: true }, sort, positions);
      const [result] = new Aggregator(pipeline).run(documents);
      expect(countsBefore(result, positions.length)).toEqual(page.map((doc) => board.indexOf(doc)));
      expect(pipeline).toHaveLength(3);
      expect(countsBefore(undefined, 2)).toEqual([0, 0]);
    });
  });
});
