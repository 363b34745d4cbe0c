import { randomUUID } from 'node:crypto';
import { DocumentTooLargeError, MAX_DOCUMENT_BYTES } from '../../application/ports/read-store.port';
import type {
  Filter,
  FindOptions,
  ReadDocument,
  ReadModelWrite,
  ReadStore,
  Sort,
} from '../../application/ports/read-store.port';
import { seededRandom } from '../../../test/support/seeded-random';

/**
 * The behaviour every read store adapter must show. Collections get unique names so the
 * suite also runs against a shared server.
 */
export function describeReadStoreContract(
  adapterName: string,
  create: () => Promise<ReadStore>,
  dispose: (store: ReadStore) => Promise<void> = (store) => store.close(),
): void {
  describe(`read store contract: ${adapterName}`, () => {
    let store: ReadStore;
    let posts: string;
    const checkpoint = (position: bigint) => ({ name: `contract-${posts}`, position });

    interface PostDoc extends ReadDocument {
      rating: number;
      votes: number;
      author: { name: string };
      tags: string[];
      createdAt: string;
    }
    const post = (id: string, rating: number, votes = 0, name = 'anon'): PostDoc => ({
      _id: id,
      rating,
      votes,
      author: { name },
      tags: ['feet'],
      createdAt: `2026-01-0${(rating % 9) + 1}T00:00:00.000Z`,
    });

    beforeEach(async () => {
      store = await create();
      posts = `posts_${randomUUID().replace(/-/g, '')}`;
    });
    afterEach(async () => {
      await dispose(store);
    });

    it('stores upserted documents with the checkpoint and finds them by id', async () => {
      await store.commit(
        [{ kind: 'upsert', collection: posts, document: post('p1', 7) }],
        checkpoint(5n),
      );
      expect(await store.findOne(posts, { _id: 'p1' })).toEqual(post('p1', 7));
      expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(5n);
    });

    it('applies a commit at the stored checkpoint and keeps the checkpoint; applies nothing of one behind it', async () => {
      const upsert = (document: PostDoc) => ({
        kind: 'upsert' as const,
        collection: posts,
        document,
      });
      await store.commit([upsert(post('p1', 1))], checkpoint(5n));
      // A reactor's own writes between two events: at the position it stored.
      await store.commit([upsert(post('p2', 2))], checkpoint(5n));
      expect(await store.findOne(posts, { _id: 'p2' })).toEqual(post('p2', 2));
      expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(5n);
      // A stale worker's commit, behind what another committed: nothing of it.
      await store.commit(
        [upsert(post('p3', 3)), { kind: 'delete', collection: posts, id: 'p1' }],
        checkpoint(4n),
      );
      expect(await store.findOne(posts, { _id: 'p3' })).toBeNull();
      expect(await store.findOne(posts, { _id: 'p1' })).toEqual(post('p1', 1));
      expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(5n);
    });

    it('refuses a commit with a document over the servers’ limit whole', async () => {
      const huge = { _id: 'huge', text: 'x'.repeat(MAX_DOCUMENT_BYTES + 1) };
      await expect(
        store.commit(
          [
            { kind: 'upsert', collection: posts, document: post('p1', 1) },
            { kind: 'upsert', collection: posts, document: huge },
          ],
          checkpoint(1n),
        ),
      ).rejects.toThrow(DocumentTooLargeError);
      expect(await store.findOne(posts, { _id: 'p1' })).toBeNull();
      expect(await store.getCheckpoint(checkpoint(0n).name)).toBeNull();
    });

    it('keeps a checkpoint before the first event (-1), moves it on from there, and refuses other negatives', async () => {
      await store.commit([], checkpoint(-1n));
      expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(-1n);
      await store.commit(
        [{ kind: 'upsert', collection: posts, document: post('p1', 1) }],
        checkpoint(0n),
      );
      expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(0n);
      await expect(store.commit([], checkpoint(-2n))).rejects.toThrow(RangeError);
    });

    it('answers null for a missing document or checkpoint', async () => {
      expect(await store.findOne(posts, { _id: 'nope' })).toBeNull();
      expect(await store.getCheckpoint(`missing-${posts}`)).toBeNull();
    });

    it('replaces a document on a second upsert and removes it on delete', async () => {
      await store.commit(
        [{ kind: 'upsert', collection: posts, document: post('p1', 7) }],
        checkpoint(1n),
      );
      await store.commit(
        [{ kind: 'upsert', collection: posts, document: post('p1', 9) }],
        checkpoint(2n),
      );
      expect((await store.findOne<PostDoc>(posts, { _id: 'p1' }))?.rating).toBe(9);
      await store.commit([{ kind: 'delete', collection: posts, id: 'p1' }], checkpoint(3n));
      expect(await store.findOne(posts, { _id: 'p1' })).toBeNull();
    });

    it('queries with MongoDB filters, sort, skip and limit', async () => {
      await store.commit(
        [
          { kind: 'upsert', collection: posts, document: post('a', 5, 1, 'ann') },
          { kind: 'upsert', collection: posts, document: post('b', 9, 3, 'bob') },
          { kind: 'upsert', collection: posts, document: post('c', 9, 7, 'cy') },
          { kind: 'upsert', collection: posts, document: post('d', 2, 0, 'dee') },
        ],
        checkpoint(1n),
      );
      const top = await store.find<PostDoc>(
        posts,
        { rating: { $gte: 5 } },
        { sort: { rating: -1, votes: -1 }, limit: 2 },
      );
      expect(top.map((d) => d._id)).toEqual(['c', 'b']);
      const page = await store.find<PostDoc>(posts, {}, { sort: { rating: 1 }, skip: 1, limit: 2 });
      expect(page.map((d) => d._id)).toEqual(['a', 'b']);
      const byNested = await store.find<PostDoc>(posts, {
        'author.name': { $regex: '^b', $options: 'i' },
      });
      expect(byNested.map((d) => d._id)).toEqual(['b']);
      expect(await store.count(posts, { rating: 9 })).toBe(2);
      expect(await store.count(posts, { tags: 'feet', votes: { $in: [0, 1] } })).toBe(2);
    });

    it('finds the documents holding any of some strings in an array field under a terms index', async () => {
      await store.ensureIndexes(posts, [{ keys: { bands: 1 }, terms: true }]);
      const filed = (id: string, bands: string[]) => ({ _id: id, bands });
      await store.commit(
        [
          filed('a', ['f01:aa', 'f02:bb']),
          filed('b', ['f01:cc']),
          filed('c', ['f02:bb', 'f03:dd']),
          filed('d', []),
        ].map((document) => ({ kind: 'upsert' as const, collection: posts, document })),
        checkpoint(1n),
      );
      const ids = async (bands: string[]) =>
        (await store.find(posts, { bands: { $in: bands } })).map((doc) => doc._id).sort();
      expect(await ids(['f02:bb', 'none'])).toEqual(['a', 'c']);
      expect(await ids(['f01:cc', 'f03:dd', 'f01:aa'])).toEqual(['a', 'b', 'c']);
      expect(await ids(['none'])).toEqual([]);
      expect(await ids([])).toEqual([]);
    });

    it('finds the documents holding any of thousands of strings, each once, with another condition too', async () => {
      await store.ensureIndexes(posts, [{ keys: { bands: 1 }, terms: true }]);
      const asked = Array.from({ length: 2_500 }, (_, i) => `f${i}`);
      await store.commit(
        [
          { _id: 'early', bands: ['f3', 'f2400'], listed: true },
          { _id: 'late', bands: ['f2499'], listed: true },
          { _id: 'hidden', bands: ['f1200'], listed: false },
          { _id: 'lone', bands: ['feet\ud83d'], listed: true },
          { _id: 'other', bands: ['g1'], listed: true },
        ].map((document) => ({ kind: 'upsert' as const, collection: posts, document })),
        checkpoint(1n),
      );
      const ids = async (filter: Filter) =>
        (await store.find(posts, filter)).map((doc) => doc._id).sort();
      expect(await ids({ bands: { $in: asked } })).toEqual(['early', 'hidden', 'late']);
      expect(await ids({ bands: { $in: [...asked, 'feet\ud83d'] }, listed: true })).toEqual([
        'early',
        'late',
        'lone',
      ]);
    });

    it('keeps a string holding a lone surrogate half as UTF-8 can: with U+FFFD in its place, found so by either spelling', async () => {
      await store.ensureIndexes(posts, [
        { keys: { name: 1 } },
        { keys: { bands: 1 }, terms: true },
      ]);
      const lone = 'feet\ud83d';
      await store.commit(
        [{ kind: 'upsert', collection: posts, document: { _id: 'p1', name: lone, bands: [lone] } }],
        checkpoint(1n),
      );
      const stored = { _id: 'p1', name: 'feet\ufffd', bands: ['feet\ufffd'] };
      expect(await store.findOne(posts, { _id: 'p1' })).toEqual(stored);
      for (const name of [lone, 'feet\ufffd']) {
        expect(await store.find(posts, { name })).toEqual([stored]);
        expect(await store.find(posts, { bands: { $in: [name, 'none'] } })).toEqual([stored]);
      }
      expect(await store.find(posts, { name: 'feet' })).toEqual([]);
    });

    it('finds documents by their ids, with other conditions, an order and a position', async () => {
      await store.commit(
        [post('a', 5, 1), post('b', 9, 3), post('c', 9, 7), post('d', 2, 0)].map((document) => ({
          kind: 'upsert' as const,
          collection: posts,
          document,
        })),
        checkpoint(1n),
      );
      const idsOf = (docs: ReadDocument[]) => docs.map((doc) => doc._id);
      const some = { _id: { $in: ['c', 'a', 'c', 'zz', 7] } };
      expect(idsOf(await store.find(posts, some)).sort()).toEqual(['a', 'c']);
      expect(await store.count(posts, some)).toBe(2);
      expect(await store.count(posts, { _id: { $in: [] } })).toBe(0);
      expect((await store.findOne(posts, { _id: { $in: ['zz', 'd'] } }))?._id).toBe('d');
      const all = { _id: { $in: ['d', 'c', 'b', 'a'] } };
      expect(
        idsOf(await store.find(posts, { ...all, rating: 9 }, { sort: { votes: -1 } })),
      ).toEqual(['c', 'b']);
      const sort: Sort = { rating: -1, votes: 1 };
      expect(idsOf(await store.find(posts, all, { sort, limit: 2 }))).toEqual(['b', 'c']);
      const after = { rating: 9, votes: 3, _id: 'b' };
      expect(idsOf(await store.find(posts, all, { sort, after }))).toEqual(['c', 'a', 'd']);
      expect(await store.count(posts, all, { sort, after })).toBe(3);
      expect(idsOf(await store.find(posts, { _id: 'b', rating: { $gt: 5 } }))).toEqual(['b']);
      expect(await store.find(posts, { _id: 'b', rating: { $lt: 5 } })).toEqual([]);
      // Any other condition on `_id` still answers as MongoDB does.
      expect(idsOf(await store.find(posts, { _id: { $gt: 'b' } }, { sort: { _id: 1 } }))).toEqual([
        'c',
        'd',
      ]);
    });

    it('refuses a sorted query whose $in lists more than 200 values, and answers an unsorted one', async () => {
      await store.commit(
        [{ kind: 'upsert', collection: posts, document: post('p1', 5) }],
        checkpoint(1n),
      );
      const ids = (n: number) => ['p1', ...Array.from({ length: n - 1 }, (_, i) => `x${i}`)];
      const sort: Sort = { rating: -1 };
      await expect(store.find(posts, { _id: { $in: ids(201) } }, { sort })).rejects.toThrow(
        RangeError,
      );
      await expect(store.count(posts, { _id: { $in: ids(201) } }, { sort })).rejects.toThrow(
        RangeError,
      );
      expect(await store.find(posts, { _id: { $in: ids(200) } }, { sort })).toHaveLength(1);
      expect(await store.find(posts, { _id: { $in: ids(5000) } })).toHaveLength(1);
    });

    it('does not let a caller change stored documents by mutating an answer', async () => {
      await store.commit(
        [{ kind: 'upsert', collection: posts, document: post('p1', 7) }],
        checkpoint(1n),
      );
      const found = await store.findOne<PostDoc>(posts, { _id: 'p1' });
      const [listed] = await store.find<PostDoc>(posts, {});
      // Both stores answer copies (a store that answered frozen documents would throw): either
      // way the store keeps what was committed.
      const attempt = (change: () => void) => {
        try {
          change();
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
        }
      };
      attempt(() => (found!.rating = 0));
      attempt(() => (found!.author.name = 'mallory'));
      attempt(() => (listed!.rating = 1));
      expect(await store.findOne(posts, { _id: 'p1' })).toEqual(post('p1', 7));
    });

    it('drops every read model and checkpoint for a rebuild', async () => {
      await store.commit(
        [{ kind: 'upsert', collection: posts, document: post('p1', 7) }],
        checkpoint(9n),
      );
      await store.dropReadModels();
      expect(await store.findOne(posts, { _id: 'p1' })).toBeNull();
      expect(await store.getCheckpoint(checkpoint(0n).name)).toBeNull();
    });

    describe('a rebuild beside the live read models', () => {
      const others = () => `${posts}_others`;
      const upsert = (collection: string, document: ReadDocument): ReadModelWrite => ({
        kind: 'upsert',
        collection,
        document,
      });
      const ids = async (collection: string, sort?: Sort) =>
        (await store.find(collection, {}, sort ? { sort } : {})).map((doc) => doc._id).sort();
      const progress = () => `progress-${posts}`;

      beforeEach(async () => {
        await store.commit(
          [
            upsert(posts, post('live1', 3)),
            upsert(posts, post('live2', 4)),
            upsert(others(), { _id: 'kept' }),
          ],
          checkpoint(9n),
        );
        await store.commit([], { name: progress(), position: 4n });
        await store.ensureIndexes(posts, [{ keys: { votes: 1 } }]);
      });

      it('given a rebuild written, when swapped in, then readers see the live read models until the swap and the rebuilt ones after, with their indexes and checkpoints', async () => {
        await store.beginRebuild([{ collection: posts, indexes: [{ keys: { rating: -1 } }] }]);
        await store.writeRebuild([
          upsert(posts, post('new1', 5)),
          upsert(posts, post('new2', 8)),
          upsert(posts, post('new3', 6)),
          { kind: 'delete', collection: posts, id: 'new3' },
        ]);
        expect(await ids(posts)).toEqual(['live1', 'live2']);
        expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(9n);

        await store.swapIn(
          [posts],
          [
            { name: checkpoint(0n).name, position: 2n },
            { name: progress(), position: null },
          ],
        );
        const byRating = await store.find(posts, { rating: { $gte: 5 } }, { sort: { rating: -1 } });
        expect(byRating).toEqual([post('new2', 8), post('new1', 5)]);
        expect(await store.count(posts, {})).toBe(2);
        // Set back as well as forward; removed when null; other read models left alone.
        expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(2n);
        expect(await store.getCheckpoint(progress())).toBeNull();
        expect(await ids(others())).toEqual(['kept']);
        // A commit after the swap lands in the swapped-in read model.
        await store.commit([upsert(posts, post('later', 1))], checkpoint(3n));
        expect(await ids(posts, { rating: -1 })).toEqual(['later', 'new1', 'new2']);
      });

      it('given a rebuild abandoned, when read, then the live read models and checkpoints are as they were, and a new rebuild starts empty', async () => {
        await store.beginRebuild([{ collection: posts, indexes: [] }]);
        await store.writeRebuild([upsert(posts, post('new1', 5))]);
        await store.abandonRebuild([posts]);
        expect(await ids(posts)).toEqual(['live1', 'live2']);
        expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(9n);

        // Begun again (as after a crash): nothing of the earlier attempt is kept.
        await store.beginRebuild([{ collection: posts, indexes: [] }]);
        await store.writeRebuild([upsert(posts, post('new2', 6))]);
        await store.beginRebuild([{ collection: posts, indexes: [] }]);
        await store.swapIn([posts], [{ name: checkpoint(0n).name, position: 1n }]);
        expect(await ids(posts)).toEqual([]);
        expect(await store.findOne(posts, { _id: 'live1' })).toBeNull();
      });

      it('given read models kept, when the rest is dropped, then the kept collections and checkpoints alone remain, and counters', async () => {
        await store.increment(`kept-${posts}`, new Date(Date.now() + 60_000));
        await store.dropReadModels({ collections: [posts], checkpoints: [progress()] });
        expect(await ids(posts)).toEqual(['live1', 'live2']);
        expect(await ids(others())).toEqual([]);
        expect(await store.getCheckpoint(progress())).toBe(4n);
        expect(await store.getCheckpoint(checkpoint(0n).name)).toBeNull();
        expect(await store.counter(`kept-${posts}`)).toBe(1);
        // The dropped collection takes commits again.
        await store.commit([upsert(others(), { _id: 'again' })], checkpoint(1n));
        expect(await ids(others())).toEqual(['again']);
      });

      it('given more writes than one batch takes, when rebuilt and swapped in, then every document is there once', async () => {
        const documents = Array.from({ length: 2_345 }, (_, i) => post(`r${i}`, i % 10, i % 7));
        await store.beginRebuild([
          { collection: posts, indexes: [{ keys: { votes: 1 } }] },
          { collection: others(), indexes: [] },
        ]);
        await store.writeRebuild(documents.map((document) => upsert(posts, document)));
        await store.writeRebuild([upsert(others(), { _id: 'rebuilt' })]);
        await store.swapIn([posts, others()], [{ name: checkpoint(0n).name, position: 12n }]);
        expect(await store.count(posts, {})).toBe(documents.length);
        expect(await store.count(posts, { votes: 3 })).toBe(335);
        expect(await ids(others())).toEqual(['rebuilt']);
        expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(12n);
      });
    });

    describe('order, indexes and keyset paging', () => {
      interface BoardDoc extends ReadDocument {
        listed: boolean;
        boost: number;
        rating?: number | null;
        votes: number;
        createdAt: string;
        author?: string | null;
      }
      const upserts = (collection: string, documents: readonly ReadDocument[]): ReadModelWrite[] =>
        documents.map((document) => ({ kind: 'upsert', collection, document }));
      const ids = (documents: readonly ReadDocument[]) => documents.map((doc) => doc._id);
      /** The position of a document in a sort: its sort values and its id, as a page cursor. */
      const positionOf = (doc: ReadDocument, sort: Sort) =>
        Object.fromEntries([...Object.keys(sort), '_id'].map((key) => [key, doc[key] ?? null]));
      let position = 0n;
      const next = () => checkpoint((position += 1n));
      const boardIndexes = [
        { keys: { listed: 1, boost: -1, createdAt: -1 } as Sort },
        { keys: { listed: 1, rating: -1, votes: -1, createdAt: 1 } as Sort },
        { keys: { votes: 1 } as Sort },
        // A value's documents kept apart: an `$in` on `author` merges its values' walks.
        {
          keys: { author: 1, listed: 1, boost: -1, createdAt: -1 } as Sort,
          grouped: true as const,
        },
        {
          keys: { author: 1, rating: -1, votes: -1, createdAt: 1 } as Sort,
          grouped: true as const,
        },
      ];

      /** Every page of `limit` documents, each page asked for after the last one's position. */
      async function allPages(collection: string, filter: Filter, sort: Sort, limit: number) {
        const pages: ReadDocument[] = [];
        let after: Record<string, unknown> | undefined;
        for (let page = 0; page < 100; page += 1) {
          const found = await store.find(collection, filter, { sort, limit, after });
          pages.push(...found);
          if (found.length < limit) return pages;
          after = positionOf(found[found.length - 1], sort);
        }
        throw new Error('paging did not end');
      }

      it('breaks ties of the sort keys by _id ascending, in either direction', async () => {
        await store.commit(
          upserts(posts, [post('d', 5), post('b', 7), post('a', 5), post('c', 7), post('e', 5)]),
          next(),
        );
        expect(ids(await store.find(posts, {}, { sort: { rating: -1 } }))).toEqual([
          'b',
          'c',
          'a',
          'd',
          'e',
        ]);
        expect(ids(await store.find(posts, {}, { sort: { rating: 1 }, limit: 4 }))).toEqual([
          'a',
          'd',
          'e',
          'b',
        ]);
        expect(ids(await store.find(posts, {}, { sort: { rating: 1, _id: -1 } }))).toEqual([
          'e',
          'd',
          'a',
          'c',
          'b',
        ]);
      });

      it('sorts null and missing values before numbers ascending and after them descending', async () => {
        const documents = [
          { _id: 'n5', rating: 5 },
          { _id: 'null', rating: null },
          { _id: 'neg', rating: -1 },
          { _id: 'gone' },
          { _id: 'zero', rating: 0 },
        ];
        await store.commit(upserts(posts, documents), next());
        await store.commit(upserts(`${posts}_indexed`, documents), next());
        await store.ensureIndexes(`${posts}_indexed`, [{ keys: { rating: 1 } }]);
        for (const collection of [posts, `${posts}_indexed`]) {
          expect(ids(await store.find(collection, {}, { sort: { rating: 1 } }))).toEqual([
            'gone',
            'null',
            'neg',
            'zero',
            'n5',
          ]);
          expect(ids(await store.find(collection, {}, { sort: { rating: -1 } }))).toEqual([
            'n5',
            'zero',
            'neg',
            'gone',
            'null',
          ]);
          const afterNeg = { rating: -1, _id: 'neg' };
          expect(
            ids(await store.find(collection, {}, { sort: { rating: -1 }, after: afterNeg })),
          ).toEqual(['gone', 'null']);
        }
      });

      it('pages with after through a whole collection in both directions, every document exactly once', async () => {
        const plain = `${posts}_plain`;
        const indexed = `${posts}_indexed`;
        await store.ensureIndexes(indexed, boardIndexes);
        const documents: BoardDoc[] = Array.from({ length: 37 }, (_, i) => ({
          _id: `p${(i * 17) % 37}`,
          listed: i % 5 !== 0,
          boost: i % 7 === 0 ? 1 : 0,
          ...(i % 6 === 0 ? {} : { rating: i % 4 === 0 ? null : i % 3 }),
          votes: i % 4,
          createdAt: `2026-01-0${(i % 3) + 1}T00:00:00.000Z`,
        }));
        await store.commit([...upserts(plain, documents), ...upserts(indexed, documents)], next());
        const cases: [Filter, Sort][] = [
          [{}, { votes: 1 }],
          [{}, { votes: -1 }],
          [{ listed: true }, { boost: -1, createdAt: -1 }],
          [{ listed: true }, { boost: 1, createdAt: 1 }],
          [{ listed: true }, { rating: -1, votes: -1, createdAt: 1 }],
          [{ listed: true }, { rating: 1, votes: 1, createdAt: -1 }],
          [{ listed: true }, { rating: -1 }],
          [{ listed: false }, { createdAt: -1, rating: 1 }],
          // `$in`: tested along a walk, and (no walk fits) read through its values' ranges.
          [
            { listed: true, votes: { $in: [3, 0] } },
            { boost: -1, createdAt: -1 },
          ],
          [{ votes: { $in: [1, 2] } }, { rating: -1, votes: -1, createdAt: 1 }],
        ];
        for (const [filter, sort] of cases) {
          const whole = ids(await store.find(plain, filter, { sort }));
          expect(new Set(whole).size).toBe(whole.length);
          expect(whole.length).toBe(await store.count(plain, filter));
          for (const collection of [plain, indexed]) {
            for (const limit of [1, 4]) {
              expect({
                filter,
                sort,
                limit,
                pages: ids(await allPages(collection, filter, sort, limit)),
              }).toEqual({ filter, sort, limit, pages: whole });
            }
          }
        }
      });

      it('counts the documents before each of many positions in one call: their places in the whole order', async () => {
        const plain = `${posts}_plain`;
        const indexed = `${posts}_indexed`;
        await store.ensureIndexes(indexed, boardIndexes);
        const documents: BoardDoc[] = Array.from({ length: 29 }, (_, i) => ({
          _id: `p${(i * 11) % 29}`,
          listed: i % 5 !== 0,
          boost: i % 7 === 0 ? 1 : 0,
          ...(i % 6 === 0 ? {} : { rating: i % 4 === 0 ? null : i % 3 }),
          votes: i % 4,
          createdAt: `2026-01-0${(i % 3) + 1}T00:00:00.000Z`,
        }));
        await store.commit([...upserts(plain, documents), ...upserts(indexed, documents)], next());
        const cases: [Filter, Sort][] = [
          [{ listed: true }, { boost: -1, createdAt: -1 }],
          [{ listed: true }, { rating: -1, votes: -1, createdAt: 1 }],
          [{ listed: true }, { rating: 1 }],
          [{}, { votes: 1 }],
        ];
        for (const [filter, sort] of cases) {
          const whole = await store.find(plain, filter, { sort });
          // Every third document, latest first: the positions need not come in order.
          const asked = whole.filter((_, index) => index % 3 !== 1).reverse();
          const expected = asked.map((doc) => whole.indexOf(doc));
          for (const collection of [plain, indexed]) {
            const positions = asked.map((doc) => positionOf(doc, sort));
            expect({
              collection: collection === plain ? 'plain' : 'indexed',
              sort,
              before: await store.countBefore(collection, filter, sort, positions),
            }).toEqual({
              collection: collection === plain ? 'plain' : 'indexed',
              sort,
              before: expected,
            });
          }
        }
        expect(await store.countBefore(plain, { listed: true }, { votes: 1 }, [])).toEqual([]);
      });

      it('answers index-backed queries exactly as a scan does, through random writes', async () => {
        const plain = `${posts}_plain`;
        const indexed = `${posts}_indexed`;
        await store.ensureIndexes(indexed, boardIndexes);
        await store.ensureIndexes(indexed, boardIndexes);
        const random = seededRandom(11);
        const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
        const randomDoc = (id: string): BoardDoc => {
          const rating = pick([undefined, null, 1, 2, 2, 3.5]);
          const author = pick([undefined, null, 'ann', 'bob', 'bob', 'cy', 'dee']);
          return {
            _id: id,
            ...(author === undefined ? {} : { author }),
            listed: random() < 0.75,
            boost: pick([0, 0, 0, 2]),
            ...(rating === undefined ? {} : { rating }),
            votes: Math.floor(random() * 4),
            createdAt: `2026-01-0${1 + Math.floor(random() * 4)}T00:00:00.000Z`,
          };
        };
        const queries: [Filter, FindOptions | undefined][] = [
          [{ listed: true }, { sort: { boost: -1, createdAt: -1 }, limit: 5 }],
          [{ listed: true }, { sort: { boost: -1, createdAt: -1 }, skip: 3, limit: 4 }],
          [{ listed: true, votes: { $gte: 2 } }, { sort: { boost: -1, createdAt: -1 } }],
          [{ listed: true }, { sort: { rating: -1, votes: -1, createdAt: 1 }, limit: 7 }],
          [{ listed: true }, { sort: { rating: 1, votes: 1, createdAt: -1 } }],
          [{ listed: true }, { sort: { boost: -1 }, limit: 6 }],
          [{ listed: false, boost: 0 }, { sort: { createdAt: -1 } }],
          [{ rating: { $ne: null } }, { sort: { votes: -1 }, limit: 8 }],
          [{}, { sort: { votes: 1, _id: -1 } }],
          [{ votes: 2 }, { sort: { _id: -1 } }],
          // `$in` on an indexed field: read through the ranges of its values.
          [
            { listed: true, votes: { $in: [3, 0] } },
            { sort: { rating: -1, votes: -1, createdAt: 1 } },
          ],
          [{ votes: { $in: [1, 1, 2] } }, { sort: { boost: -1, createdAt: -1 }, limit: 3 }],
          [{ votes: { $in: [] } }, { sort: { createdAt: 1 } }],
          [{ votes: { $in: [2] }, listed: false }, { sort: { createdAt: -1 } }],
          // `$in` on a grouped index's first key with a sort its groups walk: merged walks.
          [
            { listed: true, author: { $in: ['bob', 'cy', 'nobody'] } },
            { sort: { boost: -1, createdAt: -1 }, limit: 4 },
          ],
          [{ listed: true, author: { $in: ['dee', null] } }, { sort: { boost: 1, createdAt: 1 } }],
          [
            { author: { $in: ['ann', 'bob'] }, votes: { $gte: 1 } },
            { sort: { rating: -1, votes: -1, createdAt: 1 }, limit: 5 },
          ],
          [
            { author: { $in: ['ann', 'cy'] } },
            { sort: { rating: 1, votes: 1 }, skip: 1, limit: 3 },
          ],
          [{ author: 'bob' }, { sort: { rating: -1, votes: -1, createdAt: 1 }, limit: 4 }],
          [{ author: null, listed: true }, { sort: { boost: -1, createdAt: -1 } }],
          [{ author: { $in: [] } }, { sort: { createdAt: 1 } }],
        ];
        for (let round = 0; round < 8; round += 1) {
          const changed = Array.from({ length: 12 }, () => `p${Math.floor(random() * 40)}`);
          const writes: ReadModelWrite[] = [...new Set(changed)].flatMap((id) => {
            if (random() < 0.2) {
              return [plain, indexed].map(
                (collection) => ({ kind: 'delete', collection, id }) as const,
              );
            }
            const doc = randomDoc(id);
            return upserts(plain, [doc]).concat(upserts(indexed, [doc]));
          });
          await store.commit(writes, next());

          for (const [filter, options] of queries) {
            const expected = await store.find(plain, filter, options);
            expect({ filter, options, found: await store.find(indexed, filter, options) }).toEqual({
              filter,
              options,
              found: expected,
            });
            const last = expected[expected.length - 1];
            if (last && options?.sort) {
              const after = positionOf(last, options.sort);
              const paged = { ...options, skip: undefined, after };
              expect(ids(await store.find(indexed, filter, paged))).toEqual(
                ids(await store.find(plain, filter, paged)),
              );
            }
            // Counting what comes after each position (a rank) agrees with paging from it.
            for (const doc of options?.sort ? expected.slice(0, 3) : []) {
              const counted = { sort: options!.sort, after: positionOf(doc, options!.sort!) };
              const rest = (await store.find(plain, filter, counted)).length;
              expect({ filter, counted, n: await store.count(indexed, filter, counted) }).toEqual({
                filter,
                counted,
                n: rest,
              });
              expect(await store.count(plain, filter, counted)).toBe(rest);
            }
          }
          for (const filter of [
            { listed: true },
            { listed: false, boost: 2 },
            { votes: 3 },
            { votes: { $in: [0, 3] } },
            { author: 'bob' },
            { author: { $in: ['ann', null] }, listed: true },
          ]) {
            expect(await store.count(indexed, filter)).toBe(await store.count(plain, filter));
            const one = await store.findOne(indexed, filter);
            const all = ids(await store.find(plain, filter));
            expect(one === null ? null : all.includes(one._id)).toBe(all.length > 0 ? true : null);
          }
        }
      });

      it('keeps declared indexes through a read model rebuild, emptied', async () => {
        await store.ensureIndexes(posts, [{ keys: { votes: -1 } }]);
        await store.commit(upserts(posts, [post('a', 1, 3), post('b', 1, 5)]), next());
        await store.dropReadModels();
        expect(await store.find(posts, {}, { sort: { votes: -1 } })).toEqual([]);

        await store.commit(upserts(posts, [post('c', 1, 4), post('d', 1, 9)]), next());
        await store.ensureIndexes(posts, [{ keys: { votes: -1 } }]);
        expect(ids(await store.find(posts, {}, { sort: { votes: -1 } }))).toEqual(['d', 'c']);
        expect(ids(await store.find(posts, {}, { sort: { votes: 1 }, limit: 1 }))).toEqual(['c']);
        expect(await store.count(posts, {})).toBe(2);
      });
    });

    it('counts operational counters atomically and resets them after they expire', async () => {
      const key = `counter-${randomUUID()}`;
      const later = new Date(Date.now() + 60_000);
      const values = await Promise.all([1, 2, 3, 4, 5].map(() => store.increment(key, later)));
      expect([...values].sort()).toEqual([1, 2, 3, 4, 5]);

      const expiredKey = `counter-${randomUUID()}`;
      await store.increment(expiredKey, new Date(Date.now() - 1));
      expect(await store.increment(expiredKey, later)).toBe(1);
    });

    it('counts a rate limit that a crash may lose just as atomically', async () => {
      const soon = { mayLoseOnCrash: true };
      const key = `counter-${randomUUID()}`;
      const later = new Date(Date.now() + 60_000);
      const values = await Promise.all(
        [1, 2, 3, 4, 5].map(() => store.increment(key, later, 1, soon)),
      );
      expect([...values].sort()).toEqual([1, 2, 3, 4, 5]);
      expect(await store.increment(key, later, -1, soon)).toBe(4);
      expect(await store.increment(key, later)).toBe(5);
      expect(await store.counter(key)).toBe(5);

      const expiredKey = `counter-${randomUUID()}`;
      await store.increment(expiredKey, new Date(Date.now() - 1), 1, soon);
      expect(await store.counter(expiredKey)).toBe(0);
      expect(await store.increment(expiredKey, later, 1, soon)).toBe(1);
    });

    it('gives a lease to one holder at a time until it is released or expires', async () => {
      const lease = `lease-${randomUUID()}`;
      expect(await store.acquireLease(lease, 'worker-a', 60_000)).toBe(true);
      expect(await store.acquireLease(lease, 'worker-b', 60_000)).toBe(false);
      expect(await store.acquireLease(lease, 'worker-a', 60_000)).toBe(true);
      await store.releaseLease(lease, 'worker-b');
      expect(await store.acquireLease(lease, 'worker-b', 60_000)).toBe(false);
      await store.releaseLease(lease, 'worker-a');
      expect(await store.acquireLease(lease, 'worker-b', 60_000)).toBe(true);

      const short = `lease-${randomUUID()}`;
      expect(await store.acquireLease(short, 'worker-a', 1)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await store.acquireLease(short, 'worker-b', 60_000)).toBe(true);
    });

    it('lets exactly one of two racing holders take a free lease', async () => {
      const lease = `lease-${randomUUID()}`;
      const results = await Promise.all(
        ['a', 'b', 'c'].map((holder) => store.acquireLease(lease, holder, 60_000)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('gives a counted use back with a negative step', async () => {
      const key = `counter-${randomUUID()}`;
      const later = new Date(Date.now() + 60_000);
      await store.increment(key, later);
      await store.increment(key, later);
      expect(await store.increment(key, later, -1)).toBe(1);
      expect(await store.counter(key)).toBe(1);
    });

    it('reads a counter without counting, as 0 when unknown or expired', async () => {
      const key = `counter-${randomUUID()}`;
      expect(await store.counter(key)).toBe(0);
      await store.increment(key, new Date(Date.now() + 60_000));
      await store.increment(key, new Date(Date.now() + 60_000));
      expect(await store.counter(key)).toBe(2);
      expect(await store.counter(key)).toBe(2);

      const expiredKey = `counter-${randomUUID()}`;
      await store.increment(expiredKey, new Date(Date.now() - 1));
      expect(await store.counter(expiredKey)).toBe(0);
    });

    it('keeps counters through a read model rebuild', async () => {
      const key = `counter-${randomUUID()}`;
      await store.increment(key, new Date(Date.now() + 60_000));
      await store.dropReadModels();
      expect(await store.increment(key, new Date(Date.now() + 60_000))).toBe(2);
    });
  });
}
