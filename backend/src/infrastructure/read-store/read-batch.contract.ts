import { randomUUID } from 'node:crypto';
import { batchRead } from '../../application/ports/read-batch';
import type { ReadDocument, ReadStore } from '../../application/ports/read-store.port';
import { AnswerTooLargeError } from '../../application/ports/read-store.port';

/**
 * Batches answer exactly what their reads answer one by one, on both adapters: `readMany`'s
 * reads (joined ones too) and `countWithin`'s bounded counts.
 */
export function describeReadBatchContract(
  adapterName: string,
  create: () => Promise<ReadStore>,
  dispose: (store: ReadStore) => Promise<void> = (store) => store.close(),
): void {
  describe(`batches of reads and counts: ${adapterName}`, () => {
    let store: ReadStore;
    let posts: string;
    let users: string;
    let position = 0n;

    interface Post extends ReadDocument {
      authorId: string;
      rating: number;
    }
    interface User extends ReadDocument {
      name: string;
    }

    beforeEach(async () => {
      store = await create();
      const suffix = randomUUID().replace(/-/g, '');
      [posts, users] = [`posts_${suffix}`, `users_${suffix}`];
      position += 1n;
      const post = (id: string, authorId: string, rating: number) => ({
        kind: 'upsert' as const,
        collection: posts,
        document: { _id: id, authorId, rating },
      });
      await store.commit(
        [
          post('p1', 'u1', 7),
          post('p2', 'u2', 9),
          post('p3', 'u1', 5),
          post('p4', 'gone', 8),
          { kind: 'upsert', collection: users, document: { _id: 'u1', name: 'Ann' } },
          { kind: 'upsert', collection: users, document: { _id: 'u2', name: 'Bo' } },
        ],
        { name: `batch-${suffix}`, position },
      );
    });
    afterEach(() => dispose(store));

    it('given reads of every kind, when asked together, then each answers as asked alone', async () => {
      const byRating = { rating: -1 } as const;
      const counterKey = `batch-counter-${randomUUID()}`;
      await store.increment(counterKey, new Date(Date.now() + 60_000), 3);
      const reads = {
        one: batchRead.findOne<Post>(posts, { _id: 'p2' }),
        none: batchRead.findOne<Post>(posts, { _id: 'nope' }),
        page: batchRead.find<Post>(posts, { rating: { $gte: 5 } }, { sort: byRating, limit: 2 }),
        next: batchRead.find<Post>(
          posts,
          {},
          { sort: byRating, after: { rating: 8, _id: 'p4' }, limit: 5 },
        ),
        count: batchRead.count(posts, { authorId: 'u1' }),
        zero: batchRead.count(posts, { authorId: 'nobody' }),
        ranks: batchRead.countBefore(posts, {}, byRating, [
          { rating: 9, _id: 'p2' },
          { rating: 5, _id: 'p3' },
        ]),
        counter: batchRead.counter(counterKey),
        unknown: batchRead.counter(`batch-counter-${randomUUID()}`),
      };

      const answers = await store.readMany(reads);

      expect(answers).toEqual({
        one: await store.findOne(posts, { _id: 'p2' }),
        none: null,
        page: await store.find(posts, { rating: { $gte: 5 } }, { sort: byRating, limit: 2 }),
        next: await store.find(
          posts,
          {},
          { sort: byRating, after: { rating: 8, _id: 'p4' }, limit: 5 },
        ),
        count: 2,
        zero: 0,
        ranks: [0, 3],
        counter: 3,
        unknown: 0,
      });
      expect(answers.page.map((post) => post._id)).toEqual(['p2', 'p4']);
      expect(answers.next.map((post) => post._id)).toEqual(['p1', 'p3']);
    });

    it('given documents that name others, when read joined, then each comes with the one it names, or null', async () => {
      const join = { collection: users, localField: 'authorId' };

      const { post, page, missing } = await store.readMany({
        post: batchRead.findOneJoined<Post, User>(posts, { _id: 'p1' }, join),
        page: batchRead.findJoined<Post, User>(posts, {}, { sort: { rating: -1 } }, join),
        missing: batchRead.findOneJoined<Post, User>(posts, { _id: 'nope' }, join),
      });

      expect(post).toEqual({
        document: { _id: 'p1', authorId: 'u1', rating: 7 },
        joined: { _id: 'u1', name: 'Ann' },
      });
      expect(page.map(({ document, joined }) => [document._id, joined?.name ?? null])).toEqual([
        ['p2', 'Bo'],
        ['p4', null],
        ['p1', 'Ann'],
        ['p3', 'Ann'],
      ]);
      expect(missing).toBeNull();
    });

    it('given a batch whose documents come to more than 16 MB, when read, then it is refused whole, as one answer of MongoDB would be', async () => {
      const large = `large_${randomUUID().replace(/-/g, '')}`;
      const text = 'x'.repeat(6 * 1024 * 1024);
      await store.commit(
        ['a', 'b', 'c'].map((id) => ({
          kind: 'upsert' as const,
          collection: large,
          document: { _id: id, text },
        })),
        { name: `contract-${large}`, position: 1n },
      );
      await expect(
        store.readMany({ all: batchRead.find(large, { _id: { $in: ['a', 'b', 'c'] } }) }),
      ).rejects.toThrow(AnswerTooLargeError);
      const two = await store.readMany({
        two: batchRead.find(large, { _id: { $in: ['a', 'b'] } }),
      });
      expect(two.two).toHaveLength(2);
    });

    it('given bounds, when counted together, then only the counters below their bound count', async () => {
      const later = new Date(Date.now() + 60_000);
      const [full, room, free] = ['full', 'room', 'free'].map((name) => `${name}-${randomUUID()}`);
      await store.increment(full, later, 2);

      const counted = await store.countWithin([
        { key: full, expiresAt: later, below: 2 },
        { key: room, expiresAt: later, below: 2 },
        { key: free, expiresAt: later },
      ]);

      expect(counted).toEqual([false, true, true]);
      expect(await store.counter(full)).toBe(2);
      expect(await store.counter(room)).toBe(1);
      expect(await store.counter(free)).toBe(1);
      // Given back with a negative step, unbounded.
      expect(await store.countWithin([{ key: room, expiresAt: later, by: -1 }])).toEqual([true]);
      expect(await store.counter(room)).toBe(0);
    });

    it('given many racing first counts of one bound, when counted at once, then exactly the bound count', async () => {
      const later = new Date(Date.now() + 60_000);
      const key = `race-${randomUUID()}`;

      const counted = await Promise.all(
        Array.from({ length: 8 }, () => store.countWithin([{ key, expiresAt: later, below: 5 }])),
      );

      expect(counted.filter(([yes]) => yes)).toHaveLength(5);
      expect(await store.counter(key)).toBe(5);
    });

    it('given an expired counter at its bound, when counted, then it starts over', async () => {
      const key = `expired-${randomUUID()}`;
      await store.increment(key, new Date(Date.now() - 1), 3);

      const counted = await store.countWithin([
        { key, expiresAt: new Date(Date.now() + 60_000), below: 3 },
      ]);

      expect(counted).toEqual([true]);
      expect(await store.counter(key)).toBe(1);
    });
  });
}
