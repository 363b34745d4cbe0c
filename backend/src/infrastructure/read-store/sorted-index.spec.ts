import { compareKeyValues, compareValues, orderKeys, valueAt } from './bson-order';
import type { ReadDocument, Sort } from '../../application/ports/read-store.port';
import {
  type DocumentChange,
  type Held,
  type IndexQuery,
  type IndexWalk,
  SortedIndex,
} from './sorted-index';
import { seededRandom } from '../../../test/support/seeded-random';

interface Post extends ReadDocument {
  listed?: boolean;
  boost?: number;
  rating?: number | null;
  at?: string;
}

const post = (_id: string, fields: Omit<Post, '_id'> = {}): Post => ({ _id, ...fields });

/** Documents in holders of their own, as an index is loaded. */
const holders = <Doc>(documents: readonly Doc[]): Held<Doc>[] => documents.map((doc) => ({ doc }));

/** What an index walk must answer: the equality matches in sort order, after the position. */
function expected(documents: readonly Post[], query: IndexQuery): string[] {
  const keys = orderKeys(query.sort);
  const after = query.after && keys.map((key) => query.after![key.field] ?? null);
  return documents
    .filter((doc) =>
      [...query.equality].every(([field, value]) => compareValues(doc[field], value) === 0),
    )
    .map((doc) => ({ id: doc._id, tuple: keys.map((key) => valueAt(doc, key.path)) }))
    .sort((a, b) => compareKeyValues(a.tuple, b.tuple, keys))
    .filter(({ tuple }) => !after || compareKeyValues(tuple, after, keys) > 0)
    .map(({ id }) => id);
}

/** The walk's documents that also meet the equalities it does not cover, as a store does. */
function answer(plan: IndexWalk<Post>, query: IndexQuery): string[] {
  const uncovered = [...query.equality].filter(([field]) => !plan.coveredFields.includes(field));
  return [...plan.documents()]
    .filter((doc) => uncovered.every(([field, value]) => compareValues(doc[field], value) === 0))
    .map((doc) => doc._id);
}

function walk(index: SortedIndex<Post>, query: IndexQuery): string[] {
  const plan = index.plan(query);
  if (!plan) throw new Error('the index should answer this query');
  return answer(plan, query);
}

const equality = (fields: Record<string, unknown> = {}) => new Map(Object.entries(fields));

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

  it('given random documents, updates and queries, when walked, then it answers like a sort of everything', () => {
    const random = seededRandom(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const ratings = [null, undefined, 1, 2, 2.5, 3];
    const indexes = [
      new SortedIndex<Post>(board),
      new SortedIndex<Post>({ listed: 1, rating: -1, at: 1 }),
      new SortedIndex<Post>({ rating: 1 }),
    ];
    const documents = new Map<string, Post>();
    const randomPost = (id: string): Post => {
      const doc = post(id, {
        listed: random() < 0.7,
        boost: pick([0, 0, 1]),
        at: pick([...'12345']),
      });
      const rating = pick(ratings);
      if (rating !== undefined) doc.rating = rating;
      return doc;
    };
    // Shared by the indexes, as a store's collection shares them: a document deleted and
    // written again in one commit keeps its holder.
    const holders = new Map<string, Held<Post>>();
    for (let round = 0; round < 60; round += 1) {
      // Small commits splice, large ones rebuild the array: both must keep the order.
      const changes = new Map<string, DocumentChange<Post>>();
      const size = round % 5 === 0 ? 80 : 3;
      for (let i = 0; i < size; i += 1) {
        const id = `p${Math.floor(random() * 120)}`;
        const change = changes.get(id) ?? {
          before: documents.get(id) ?? null,
          after: null,
          held: holders.get(id),
        };
        const current = documents.get(id);
        // A third of the rewrites keep every key (a like): their entries must not move.
        const after =
          random() < 0.15
            ? null
            : current && random() < 0.33
              ? { ...current, likes: i }
              : randomPost(id);
        change.after = after;
        if (after) {
          change.held ??= { doc: after };
          change.held.doc = after;
          holders.set(id, change.held);
          documents.set(id, after);
        } else {
          holders.delete(id);
          documents.delete(id);
        }
        changes.set(id, change);
      }
      for (const index of indexes) index.update(changes.values());
      for (const index of indexes) {
        for (const doc of index.everything().documents()) expect(doc).toBe(documents.get(doc._id));
      }

      const all = [...documents.values()];
      const queries: IndexQuery[] = [
        { equality: equality({ listed: true }), sort: recent },
        { equality: equality({ listed: false }), sort: { boost: 1, at: 1 } },
        { equality: equality({ listed: true }), sort: { boost: -1 } },
        { equality: equality({ listed: true }), sort: { rating: 1, at: -1, _id: -1 } },
        { equality: equality({ listed: true }), sort: { rating: 1 } },
        { equality: equality({}), sort: { rating: -1 } },
        { equality: equality({}), sort: { rating: 1, _id: -1 } },
      ];
      for (const query of queries) {
        const answers = indexes
          .map((index) => index.plan(query))
          .filter((plan) => plan !== null)
          .map((plan) => answer(plan, query));
        expect(answers.length).toBeGreaterThan(0);
        for (const answer of answers) expect(answer).toEqual(expected(all, query));

        const cut = pick(all);
        if (!cut) continue;
        const after = Object.fromEntries(
          orderKeys(query.sort).map((key) => [key.field, cut[key.field] ?? null]),
        );
        for (const index of indexes) {
          const plan = index.plan({ ...query, after });
          if (!plan) continue;
          expect(answer(plan, { ...query, after })).toEqual(expected(all, { ...query, after }));
        }
      }
    }
  });

  it('given thousands of single changes in random order, when walked and counted, then it answers like a sorted array', () => {
    // Enough entries for several chunks, added one commit at a time, then nearly all removed one
    // at a time: chunks split on the way up and merge on the way down.
    const random = seededRandom(23);
    const index = new SortedIndex<Post>({ boost: 1, at: -1 });
    const documents = new Map<string, Post>();
    const ids: string[] = [];
    const randomPost = (id: string) =>
      post(id, {
        boost: Math.floor(random() * 3),
        at: String(Math.floor(random() * 60)).padStart(2, '0'),
      });
    const queries: IndexQuery[] = [
      { equality: equality({ boost: 1 }), sort: { at: -1 } },
      { equality: equality({ boost: 2 }), sort: { at: 1, _id: -1 } },
      { equality: equality({ boost: 0 }), sort: { at: 1 } },
      { equality: equality(), sort: { boost: -1 } },
      { equality: equality(), sort: { boost: -1, at: 1, _id: -1 } },
    ];
    const check = () => {
      expect(index.size).toBe(documents.size);
      const all = [...documents.values()];
      const cut = all[Math.floor(random() * all.length)];
      for (const query of queries) {
        const plan = index.plan(query)!;
        const inOrder = expected(all, query);
        expect(answer(plan, query)).toEqual(inOrder);
        expect(plan.rangeSize).toBe(inOrder.length);
        if (!cut) continue;
        // A position held by an entry, or one just after it that no entry holds.
        const _id = random() < 0.5 ? cut._id : `${cut._id}~`;
        const after = { ...query, after: { boost: cut.boost, at: cut.at, _id } };
        const resumed = index.plan(after)!;
        const rest = expected(all, after);
        expect(answer(resumed, after)).toEqual(rest);
        expect(resumed.countAfter()).toBe(rest.length);
      }
    };
    for (let step = 0; step < 6500; step += 1) {
      const picked = Math.floor(random() * ids.length);
      const id = step < 3000 || ids.length === 0 ? `p${step}` : ids[picked];
      const before = documents.get(id) ?? null;
      // Past the peak, mostly removals; some changes move a document to new keys.
      const after = before && random() < 0.9 ? null : randomPost(id);
      index.update([{ before, after }]);
      if (after) documents.set(id, after);
      else documents.delete(id);
      if (!before) ids.push(id);
      else if (!after) ids.splice(picked, 1);
      if (step % 750 === 0 || step === 6499) check();
    }
  });
});
