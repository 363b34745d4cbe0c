import { randomUUID } from 'node:crypto';
import type { ReadDocument, ReadStore } from './read-store.port';

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

    it('does not let a caller change stored documents by mutating an answer', async () => {
      await store.commit(
        [{ kind: 'upsert', collection: posts, document: post('p1', 7) }],
        checkpoint(1n),
      );
      const found = await store.findOne<PostDoc>(posts, { _id: 'p1' });
      found!.rating = 0;
      found!.author.name = 'mallory';
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

    it('counts operational counters atomically and resets them after they expire', async () => {
      const key = `counter-${randomUUID()}`;
      const later = new Date(Date.now() + 60_000);
      const values = await Promise.all([1, 2, 3, 4, 5].map(() => store.increment(key, later)));
      expect([...values].sort()).toEqual([1, 2, 3, 4, 5]);

      const expiredKey = `counter-${randomUUID()}`;
      await store.increment(expiredKey, new Date(Date.now() - 1));
      expect(await store.increment(expiredKey, later)).toBe(1);
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
