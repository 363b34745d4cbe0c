import type { Sort } from '../../application/ports/read-store.port';
import { type IndexQuery, SortedIndex } from './sorted-index';
import {
  answer,
  equality,
  expected,
  holders,
  type Post,
  post,
  walk,
} from '../../../test/support/index-walks';

describe('sorted index', () => {
  const board = { listed: 1, boost: -1, at: -1 } satisfies Sort;
  const recent = { boost: -1, at: -1 } satisfies Sort;

  it('given inserts in any order, when walked, then entries follow the keys and ties follow _id', () => {
    const index = new SortedIndex<Post>({ rating: -1 });
    index.update(
      ['d', 'b', 'a', 'c'].map((id, i) => ({
        before: null,
        after: post(id, { rating: i % 2 }),
      })),
    );
    expect(walk(index, { equality: equality(), sort: { rating: -1 } })).toEqual([
      'b',
      'c',
      'a',
      'd',
    ]);
    expect(walk(index, { equality: equality(), sort: { rating: -1, _id: 1 } })).toEqual([
      'b',
      'c',
      'a',
      'd',
    ]);
  });

  it('given an update that changes a key, when walked, then the entry has moved and is there once', () => {
    const index = new SortedIndex<Post>(board);
    const docs = [
      post('a', { listed: true, boost: 0, at: '2026-01-01' }),
      post('b', { listed: true, boost: 0, at: '2026-01-02' }),
      post('c', { listed: true, boost: 0, at: '2026-01-03' }),
    ];
    index.load(holders(docs));
    const boosted = post('a', { listed: true, boost: 1, at: '2026-01-01' });
    index.update([{ before: docs[0], after: boosted }]);

    const query = { equality: equality({ listed: true }), sort: recent };
    expect(walk(index, query)).toEqual(['a', 'c', 'b']);
    expect(index.size).toBe(3);
  });

  it('given an update that keeps the keys, when read, then the entry holds the new document', () => {
    const index = new SortedIndex<Post>({ rating: 1 });
    const before = { ...post('a', { rating: 5 }), likes: 1 };
    index.load(holders([before, post('b', { rating: 6 })]));
    index.update([{ before, after: { ...before, likes: 2 } }]);
    const [first] = index.plan({ equality: equality(), sort: { rating: 1 } })!.documents();
    expect(first).toEqual({ _id: 'a', rating: 5, likes: 2 });
  });

  it('given holders shared with the collection, when an update keeps the keys, then walks read the new version from its holder', () => {
    const index = new SortedIndex<Post>({ rating: 1 });
    const docs = [post('a', { rating: 5 }), post('b', { rating: 6 })];
    const [a, b] = holders(docs);
    index.load([a, b]);
    const liked = { ...docs[0], likes: 1 };
    a.doc = liked;
    index.update([{ before: docs[0], after: liked, held: a }]);
    expect([...index.everything().documents()]).toEqual([liked, docs[1]]);
    // A key that moves still moves the entry, which keeps the holder.
    const rated = post('a', { rating: 7 });
    a.doc = rated;
    index.update([{ before: liked, after: rated, held: a }]);
    expect([...index.everything().documents()]).toEqual([docs[1], rated]);
    a.doc = { ...rated, likes: 2 };
    index.update([{ before: rated, after: a.doc, held: a }]);
    expect([...index.everything().documents()][1]).toBe(a.doc);
  });

  it('given deletes, when walked, then the deleted documents are gone', () => {
    const index = new SortedIndex<Post>({ rating: 1 });
    const docs = ['a', 'b', 'c', 'd'].map((id, i) => post(id, { rating: i }));
    index.load(holders(docs));
    index.update([
      { before: docs[1], after: null },
      { before: docs[3], after: null },
    ]);
    expect(walk(index, { equality: equality(), sort: { rating: 1 } })).toEqual(['a', 'c']);
  });

  it('given a sort that reverses every key, when walked backwards, then ties still come by _id ascending', () => {
    const index = new SortedIndex<Post>({ rating: -1 });
    index.load(
      holders([
        post('a', { rating: 1 }),
        post('b', { rating: 2 }),
        post('c', { rating: 1 }),
        post('d', { rating: 2 }),
      ]),
    );
    expect(walk(index, { equality: equality(), sort: { rating: 1 } })).toEqual([
      'a',
      'c',
      'b',
      'd',
    ]);
    expect(walk(index, { equality: equality(), sort: { rating: 1, _id: -1 } })).toEqual([
      'c',
      'a',
      'd',
      'b',
    ]);
  });

  it('given after positions that are not in the index, when walked either way, then it resumes right after them', () => {
    const index = new SortedIndex<Post>({ rating: -1 });
    index.load(
      holders([post('a', { rating: 9 }), post('c', { rating: 7 }), post('e', { rating: 5 })]),
    );
    const from = (after: Record<string, unknown>, sort: Sort) =>
      walk(index, { equality: equality(), sort, after });

    expect(from({ rating: 8, _id: 'z' }, { rating: -1 })).toEqual(['c', 'e']);
    expect(from({ rating: 7, _id: 'b' }, { rating: -1 })).toEqual(['c', 'e']);
    expect(from({ rating: 7, _id: 'd' }, { rating: -1 })).toEqual(['e']);
    expect(from({ rating: 7, _id: 'd' }, { rating: 1 })).toEqual(['a']);
    expect(from({ rating: 4, _id: 'a' }, { rating: 1 })).toEqual(['e', 'c', 'a']);
    expect(from({ rating: 10, _id: 'a' }, { rating: -1 })).toEqual(['a', 'c', 'e']);
    expect(from({ rating: 0, _id: 'a' }, { rating: -1 })).toEqual([]);
  });

  it('given an equality prefix, when walked, then only its range is read, in sort order', () => {
    const index = new SortedIndex<Post>(board);
    index.load(
      holders([
        post('a', { listed: true, boost: 0, at: '1' }),
        post('b', { listed: false, boost: 5, at: '9' }),
        post('c', { listed: true, boost: 2, at: '0' }),
        post('d', { listed: true, boost: 0, at: '3' }),
      ]),
    );
    const plan = index.plan({ equality: equality({ listed: true }), sort: recent })!;
    expect(plan.rangeSize).toBe(3);
    expect(plan.coveredFields).toEqual(['listed']);
    expect(plan.sortsTies).toBe(false);
    expect([...plan.documents()].map((doc) => doc._id)).toEqual(['c', 'd', 'a']);
  });

  it('given a sort that stops before the last key, when walked, then ties on it are ordered by _id', () => {
    const index = new SortedIndex<Post>(board);
    const docs = [
      post('d', { listed: true, boost: 0, at: '3' }),
      post('a', { listed: true, boost: 0, at: '1' }),
      post('c', { listed: true, boost: 1, at: '0' }),
      post('b', { listed: true, boost: 0, at: '2' }),
    ];
    index.load(holders(docs));
    const query = { equality: equality({ listed: true }), sort: { boost: -1 } as Sort };
    expect(index.plan(query)?.sortsTies).toBe(true);
    expect(walk(index, query)).toEqual(['c', 'a', 'b', 'd']);
    const after = { boost: 0, _id: 'a' };
    expect(walk(index, { ...query, after })).toEqual(['b', 'd']);
  });

  it('given queries that do not fit the keys, when planned, then the index declines', () => {
    const index = new SortedIndex<Post>(board);
    index.load(holders([post('a', { listed: true, boost: 0, at: '1' })]));
    const plan = (fields: Record<string, unknown>, sort?: Sort) =>
      index.plan({ equality: equality(fields), sort });

    expect(plan({ listed: true }, { at: -1 })).toBeNull();
    expect(plan({ listed: true }, { boost: -1, at: 1 })).toBeNull();
    expect(plan({ boost: 0 }, { at: -1 })).toBeNull();
    expect(plan({}, { _id: 1 })).toBeNull();
    expect(plan({ at: '1' })).toBeNull();
    expect(plan({}, { listed: -1, boost: 1 })).not.toBeNull();
    expect(plan({ listed: true, at: '1' }, { boost: 1 })?.coveredFields).toEqual(['listed']);
  });

  it('given indexes sharing their keys, when one shape is worked out for all, then each walks it as its own plan would', () => {
    const shared = new SortedIndex<Post>(board);
    const first = new SortedIndex<Post>(shared);
    const second = new SortedIndex<Post>(shared);
    const held = new Map<SortedIndex<Post>, Post[]>([
      [
        first,
        [
          post('a', { listed: true, boost: 0, at: '1' }),
          post('b', { listed: true, boost: 2, at: '0' }),
          post('c', { listed: false, boost: 1, at: '4' }),
        ],
      ],
      [
        second,
        [
          post('e', { listed: true, boost: 0, at: '3' }),
          post('d', { listed: true, boost: 0, at: '3' }),
        ],
      ],
    ]);
    for (const [index, documents] of held) index.load(holders(documents));
    const queries: IndexQuery[] = [
      { equality: equality({ listed: true }), sort: recent },
      {
        equality: equality({ listed: true }),
        sort: recent,
        after: { boost: 0, at: '3', _id: 'd' },
      },
      { equality: equality({ listed: true }), sort: { boost: -1 } },
      { equality: equality({ listed: true }) },
    ];
    for (const query of queries) {
      const shape = shared.shapeOf(query)!;
      for (const [index, documents] of held) {
        const along = index.walkAlong(shape)!;
        const found = answer(along, query);
        if (query.sort) expect(found).toEqual(expected(documents, query));
        else expect([...found].sort()).toEqual(expected(documents, query).sort());
        expect(along.countAfter()).toBe(found.length);
        expect(along.rangeSize).toBe(documents.filter((doc) => doc.listed).length);
      }
    }
    expect(shared.shapeOf({ equality: equality({ boost: 0 }), sort: { at: -1 } })).toBeNull();
    // What a walk guarantees is the caller's to widen (a grouped index adds its group's field).
    const shape = shared.shapeOf(queries[0])!;
    expect(first.walkAlong(shape, ['author', 'listed'])?.coveredFields).toEqual([
      'author',
      'listed',
    ]);
    first.update([
      { before: null, after: { _id: 'f', listed: true, boost: [1] } as unknown as Post },
    ]);
    expect(first.walkAlong(shape)).toBeNull();
  });

  it('given a document holding an array under a key, when planned, then the index declines until it is gone', () => {
    const index = new SortedIndex<Post>({ tags: 1 });
    const tagged = { _id: 'a', tags: ['x'] };
    index.update([{ before: null, after: tagged }]);
    expect(index.plan({ equality: equality({ tags: 'x' }) })).toBeNull();
    index.update([{ before: tagged, after: { _id: 'a', tags: 'x' } }]);
    expect(index.plan({ equality: equality({ tags: 'x' }) })?.rangeSize).toBe(1);
  });

  it('given keys the stores cannot keep, when declared, then they are refused', () => {
    expect(() => new SortedIndex({ _id: 1, rating: 1 })).toThrow(TypeError);
    expect(() => new SortedIndex({ rating: 1, _id: -1 })).toThrow(TypeError);
    expect(() => new SortedIndex({ $rating: 1 })).toThrow(TypeError);
    expect(() => new SortedIndex({ rating: 2 as 1 })).toThrow(TypeError);
    expect(new SortedIndex({ rating: 1, _id: 1 }).signature).toBe('[["rating",1]]');
  });
});
