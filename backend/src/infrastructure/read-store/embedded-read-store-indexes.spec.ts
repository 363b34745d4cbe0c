import { tempFiles } from '../../../test/support/temp-files';
import { EmbeddedReadStore } from './embedded-read-store';
import { SortedIndex } from './sorted-index';
import { TermIndex } from './term-index';

const tempFile = tempFiles('read-models.sqlite');

describe('embedded read store: declared indexes', () => {
  it('reads only the documents a terms index finds, and keeps the index through a restart', async () => {
    const file = tempFile();
    const first = new EmbeddedReadStore(file);
    await first.ensureIndexes('users', [{ keys: { grams: 1 }, terms: true }]);
    const user = (id: string, grams: string[]) => ({ _id: id, grams });
    await first.commit(
      [
        { kind: 'upsert', collection: 'users', document: user('a', ['abc', 'bcd']) },
        { kind: 'upsert', collection: 'users', document: user('b', ['bcd', 'cde']) },
        { kind: 'upsert', collection: 'users', document: user('c', ['xyz']) },
      ],
      { name: 'main', position: 1n },
    );
    await first.close();

    const second = new EmbeddedReadStore(file);
    const candidates = jest.spyOn(TermIndex.prototype, 'candidates');
    const ids = async (condition: unknown) =>
      (await second.find('users', { grams: condition })).map((doc) => doc._id).sort();
    expect(await ids({ $all: ['bcd'] })).toEqual(['a', 'b']);
    expect(await ids({ $all: ['bcd', 'cde'] })).toEqual(['b']);
    expect(await ids({ $elemMatch: { $gte: 'b', $lt: 'c' } })).toEqual(['a', 'b']);
    expect(await ids({ $in: ['abc', 'xyz', 'none'] })).toEqual(['a', 'c']);
    expect(candidates.mock.results.map((result) => (result.value as Set<string>).size)).toEqual([
      2, 1, 2, 2,
    ]);
    candidates.mockRestore();
    await second.commit([{ kind: 'delete', collection: 'users', id: 'a' }], {
      name: 'main',
      position: 2n,
    });
    expect(await ids({ $all: ['bcd'] })).toEqual(['b']);
    await second.close();
  });

  const board = { listed: 1, boost: -1, createdAt: -1 } as const;
  const doc = (id: string, boost: number, createdAt: string, listed = true) => ({
    _id: id,
    listed,
    boost,
    createdAt,
  });
  /** A store of these posts, committed at position 1, with the board's index declared. */
  const boardOf = async (file: string, posts: ReturnType<typeof doc>[]) => {
    const store = new EmbeddedReadStore(file);
    await store.ensureIndexes('posts', [{ keys: board }]);
    const writes = posts.map((document) => ({
      kind: 'upsert' as const,
      collection: 'posts',
      document,
    }));
    await store.commit(writes, { name: 'main', position: 1n });
    return store;
  };
  /** Whether the last query planned an index walk rather than a scan and a sort. */
  const walked = (plan: jest.SpyInstance) => plan.mock.results.some((r) => r.value !== null);

  afterEach(() => jest.restoreAllMocks());

  it('walks the index for a board page and keeps it through a rebuild and a restart', async () => {
    const file = tempFile();
    const first = await boardOf(file, [doc('a', 0, '2026-01-01'), doc('b', 0, '2026-01-02')]);
    const plan = jest.spyOn(SortedIndex.prototype, 'plan');
    const page = () =>
      first.find('posts', { listed: true }, { sort: { boost: -1, createdAt: -1 }, limit: 1 });
    expect((await page()).map((d) => d._id)).toEqual(['b']);
    expect(walked(plan)).toBe(true);

    await first.dropReadModels();
    await first.commit(
      [{ kind: 'upsert', collection: 'posts', document: doc('c', 1, '2026-01-01') }],
      { name: 'main', position: 1n },
    );
    plan.mockClear();
    expect((await page()).map((d) => d._id)).toEqual(['c']);
    expect(walked(plan)).toBe(true);
    await first.close();

    const second = new EmbeddedReadStore(file);
    plan.mockClear();
    const found = await second.find(
      'posts',
      { listed: true },
      {
        sort: { boost: 1, createdAt: 1 },
        after: { boost: 0, createdAt: '2026-01-01', _id: 'c' },
      },
    );
    expect(found.map((d) => d._id)).toEqual(['c']);
    expect(walked(plan)).toBe(true);
    await second.close();
  });

  it('falls back to a scan and a sort for a sort the index does not continue', async () => {
    const store = await boardOf(tempFile(), [doc('a', 1, '2026-01-01'), doc('b', 0, '2026-01-02')]);
    const plan = jest.spyOn(SortedIndex.prototype, 'plan');
    const found = await store.find('posts', { listed: true }, { sort: { createdAt: -1 } });
    expect(found.map((d) => d._id)).toEqual(['b', 'a']);
    expect(walked(plan)).toBe(false);
    await store.close();
  });

  it('keeps the index in order through a replay-sized commit and a delete in the same commit as an upsert', async () => {
    const store = new EmbeddedReadStore(tempFile());
    await store.ensureIndexes('posts', [{ keys: board }]);
    const many = Array.from({ length: 500 }, (_, i) => ({
      kind: 'upsert' as const,
      collection: 'posts',
      document: doc(`p${i}`, i % 3, `2026-01-${String((i % 28) + 1).padStart(2, '0')}`),
    }));
    await store.commit(many, { name: 'main', position: 1n });
    await store.commit(
      [
        { kind: 'upsert', collection: 'posts', document: doc('p1', 9, '2026-01-01') },
        { kind: 'delete', collection: 'posts', id: 'p1' },
        { kind: 'upsert', collection: 'posts', document: doc('p2', 9, '2026-01-01') },
      ],
      { name: 'main', position: 2n },
    );
    const sort = { boost: -1, createdAt: -1 } as const;
    const walkedPage = await store.find('posts', { listed: true }, { sort, limit: 50 });
    const scannedPage = await store.find('posts', { listed: { $eq: true } }, { sort, limit: 50 });
    expect(walkedPage.map((d) => d._id)).toEqual(scannedPage.map((d) => d._id));
    expect(walkedPage[0]._id).toBe('p2');
    expect(await store.count('posts', { listed: true })).toBe(499);
    expect(await store.findOne('posts', { _id: 'p1' })).toBeNull();
    await store.close();
  });

  it('shows the last version of a document whose keys a commit kept, even deleted and written again in it', async () => {
    const store = new EmbeddedReadStore(tempFile());
    await store.ensureIndexes('posts', [{ keys: board }]);
    const liked = (likes: number) => ({ ...doc('a', 0, '2026-01-01'), likes });
    const page = () =>
      store.find('posts', { listed: true }, { sort: { boost: -1, createdAt: -1 } });
    await store.commit(
      [
        { kind: 'upsert', collection: 'posts', document: liked(0) },
        { kind: 'upsert', collection: 'posts', document: doc('b', 0, '2026-01-02') },
      ],
      { name: 'main', position: 1n },
    );
    await store.commit([{ kind: 'upsert', collection: 'posts', document: liked(1) }], {
      name: 'main',
      position: 2n,
    });
    expect(await page()).toEqual([doc('b', 0, '2026-01-02'), liked(1)]);
    await store.commit(
      [
        { kind: 'delete', collection: 'posts', id: 'a' },
        { kind: 'upsert', collection: 'posts', document: liked(2) },
      ],
      { name: 'main', position: 3n },
    );
    expect(await page()).toEqual([doc('b', 0, '2026-01-02'), liked(2)]);
    expect(await store.findOne('posts', { _id: 'a' })).toEqual(liked(2));
    await store.close();
  });

  it('sorts the indexes a bulk commit leaves behind at the next query, and keeps them in order after', async () => {
    const store = new EmbeddedReadStore(tempFile());
    await store.ensureIndexes('posts', [{ keys: board }]);
    const update = jest.spyOn(SortedIndex.prototype, 'update');
    const load = jest.spyOn(SortedIndex.prototype, 'load');
    const many = Array.from({ length: 300 }, (_, i) => ({
      kind: 'upsert' as const,
      collection: 'posts',
      document: doc(`p${i}`, i % 4, `2026-02-${String((i % 28) + 1).padStart(2, '0')}`),
    }));
    await store.commit(many, { name: 'main', position: 1n }, { handOver: true, bulk: true });
    // Later commits before any query: the index is sorted once, from the latest documents.
    await store.commit(
      [
        { kind: 'upsert', collection: 'posts', document: doc('p7', 9, '2026-02-01') },
        { kind: 'delete', collection: 'posts', id: 'p8' },
      ],
      { name: 'main', position: 2n },
    );
    expect(update).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();

    const sort = { boost: -1, createdAt: -1 } as const;
    const walkedPage = await store.find('posts', { listed: true }, { sort, limit: 40 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(walkedPage[0]._id).toBe('p7');
    const scan = async () =>
      (await store.find('posts', { listed: { $eq: true } }, { sort, limit: 40 })).map((d) => d._id);
    expect(walkedPage.map((d) => d._id)).toEqual(await scan());
    expect(await store.count('posts', { listed: true })).toBe(299);

    // From then on each commit updates the index as it lands.
    await store.commit(
      [{ kind: 'upsert', collection: 'posts', document: doc('p9', 10, '2026-02-02') }],
      { name: 'main', position: 3n },
    );
    expect(update).toHaveBeenCalled();
    const next = await store.find('posts', { listed: true }, { sort, limit: 40 });
    expect(next[0]._id).toBe('p9');
    expect(next.map((d) => d._id)).toEqual(await scan());
    expect(load).toHaveBeenCalledTimes(1);
    await store.close();
  });
});
