import type { Sort } from '../../application/ports/read-store.port';
import { orderKeys } from './bson-order';
import { type DocumentChange, type Held, type IndexQuery, SortedIndex } from './sorted-index';
import { seededRandom } from '../../../test/support/seeded-random';
import { answer, equality, expected, type Post, post } from '../../../test/support/index-walks';

describe('sorted index, against a sort of everything', () => {
  const board = { listed: 1, boost: -1, at: -1 } satisfies Sort;
  const recent = { boost: -1, at: -1 } satisfies Sort;

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
