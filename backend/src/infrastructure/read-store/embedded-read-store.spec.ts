import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedReadStore } from './embedded-read-store';
import { describeNameSearchContract } from './name-search.contract';
import { describeReadStoreContract } from './read-store.contract';
import { SortedIndex } from './sorted-index';
import { TermIndex } from './term-index';

const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'read-'));
  dirs.push(dir);
  return join(dir, 'read-models.sqlite');
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeReadStoreContract('embedded', async () => new EmbeddedReadStore(tempFile()));
describeNameSearchContract('embedded', async () => new EmbeddedReadStore(tempFile()));

describe('embedded read store', () => {
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
    expect(candidates.mock.results.map((result) => (result.value as Set<string>).size)).toEqual([
      2, 1, 2,
    ]);
    candidates.mockRestore();
    await second.commit([{ kind: 'delete', collection: 'users', id: 'a' }], {
      name: 'main',
      position: 2n,
    });
    expect(await ids({ $all: ['bcd'] })).toEqual(['b']);
    await second.close();
  });

  it('restores documents and checkpoints from its file after a restart', async () => {
    const file = tempFile();
    const first = new EmbeddedReadStore(file);
    await first.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'p1', rating: 8 } }],
      { name: 'main', position: 42n },
    );
    await first.close();

    const second = new EmbeddedReadStore(file);
    expect(await second.findOne('posts', { _id: 'p1' })).toEqual({ _id: 'p1', rating: 8 });
    expect(await second.getCheckpoint('main')).toBe(42n);
    await second.close();
  });

  it('changes nothing when a document in the batch cannot be stored', async () => {
    const store = new EmbeddedReadStore(tempFile());
    const circular: Record<string, unknown> = { _id: 'bad' };
    circular.self = circular;
    await expect(
      store.commit(
        [
          { kind: 'upsert', collection: 'posts', document: { _id: 'ok', rating: 1 } },
          { kind: 'upsert', collection: 'posts', document: circular as { _id: string } },
        ],
        { name: 'main', position: 1n },
      ),
    ).rejects.toThrow();
    expect(await store.findOne('posts', { _id: 'ok' })).toBeNull();
    expect(await store.getCheckpoint('main')).toBeNull();
    await store.close();
  });

  describe('declared indexes', () => {
    const board = { listed: 1, boost: -1, createdAt: -1 } as const;
    const doc = (id: string, boost: number, createdAt: string, listed = true) => ({
      _id: id,
      listed,
      boost,
      createdAt,
    });
    /** Whether the last query planned an index walk rather than a scan and a sort. */
    const walked = (plan: jest.SpyInstance) => plan.mock.results.some((r) => r.value !== null);

    afterEach(() => jest.restoreAllMocks());

    it('walks the index for a board page and keeps it through a rebuild and a restart', async () => {
      const file = tempFile();
      const first = new EmbeddedReadStore(file);
      await first.ensureIndexes('posts', [{ keys: board }]);
      await first.commit(
        [
          { kind: 'upsert', collection: 'posts', document: doc('a', 0, '2026-01-01') },
          { kind: 'upsert', collection: 'posts', document: doc('b', 0, '2026-01-02') },
        ],
        { name: 'main', position: 1n },
      );
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
      const store = new EmbeddedReadStore(tempFile());
      await store.ensureIndexes('posts', [{ keys: board }]);
      await store.commit(
        [
          { kind: 'upsert', collection: 'posts', document: doc('a', 1, '2026-01-01') },
          { kind: 'upsert', collection: 'posts', document: doc('b', 0, '2026-01-02') },
        ],
        { name: 'main', position: 1n },
      );
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
        (await store.find('posts', { listed: { $eq: true } }, { sort, limit: 40 })).map(
          (d) => d._id,
        );
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

  it('writes a new file in pages that hold a post-sized document (8 KB), and an old file’s once it is emptied', async () => {
    const pageSize = (file: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return db.pragma('page_size', { simple: true });
      } finally {
        db.close();
      }
    };
    const fresh = tempFile();
    await new EmbeddedReadStore(fresh).close();
    expect(pageSize(fresh)).toBe(8192);

    const old = tempFile();
    const db = new Database(old);
    db.pragma('page_size = 4096');
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE kept (x)');
    db.close();
    const store = new EmbeddedReadStore(old);
    await store.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'p1', rating: 8 } }],
      { name: 'main', position: 1n },
    );
    await store.close();
    expect(pageSize(old)).toBe(4096);
    const reopened = new EmbeddedReadStore(old);
    expect(await reopened.findOne('posts', { _id: 'p1' })).toEqual({ _id: 'p1', rating: 8 });

    // Emptied for a rebuild, it takes the larger pages, and stays in WAL mode.
    await reopened.increment('rate:1', new Date(Date.now() + 60_000));
    await reopened.dropReadModels();
    await reopened.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'p2', rating: 3 } }],
      { name: 'main', position: 2n },
    );
    expect(await reopened.counter('rate:1')).toBe(1);
    await reopened.close();
    expect(pageSize(old)).toBe(8192);
    const rebuilt = new Database(old, { readonly: true });
    expect(rebuilt.pragma('journal_mode', { simple: true })).toBe('wal');
    rebuilt.close();
    const again = new EmbeddedReadStore(old);
    expect(await again.findOne('posts', { _id: 'p2' })).toEqual({ _id: 'p2', rating: 3 });
    expect(await again.findOne('posts', { _id: 'p1' })).toBeNull();
    await again.close();
  });

  it('keeps its pages when emptied while another connection holds the file', async () => {
    const file = tempFile();
    const db = new Database(file);
    db.pragma('page_size = 4096');
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE kept (x)');
    const store = new EmbeddedReadStore(file);
    db.prepare('SELECT * FROM kept').all();
    await store.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'p1', rating: 8 } }],
      { name: 'main', position: 1n },
    );
    await store.dropReadModels();
    expect(db.pragma('page_size', { simple: true })).toBe(4096);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    // A rebuild's bulk write goes through the WAL then.
    await store.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'p2', rating: 3 } }],
      { name: 'main', position: 2n },
      { handOver: true, bulk: true },
    );
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT body FROM documents WHERE id = ?').get('p2')).toEqual({
      body: '{"_id":"p2","rating":3}',
    });
    expect(await store.findOne('posts', { _id: 'p2' })).toEqual({ _id: 'p2', rating: 3 });
    await store.close();
    db.close();
  });

  it('copies its write-ahead log into the file on a connection of its own, which it lets go for a bulk write', async () => {
    const file = tempFile();
    const store = new EmbeddedReadStore(file);
    const empty = statSync(file).size;
    const post = (id: string) => ({
      kind: 'upsert' as const,
      collection: 'posts',
      document: { _id: id, text: 'x'.repeat(4000) },
    });
    let position = 0n;
    /**
     * One commit each (far below the pages after which a commit would checkpoint by itself),
     * a turn of the event loop every 32, until the file holds `bytes` more than `from`: only a
     * checkpoint asked of the background connection can make it grow. Answers the commits made.
     */
    const commitUntilGrown = async (prefix: string, from: number, bytes: number) => {
      let made = 0;
      while (statSync(file).size <= from + bytes) {
        for (let i = 0; i < 32; i += 1, made += 1) {
          position += 1n;
          await store.commit([post(`${prefix}${made}`)], { name: 'main', position });
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return made;
    };
    await commitUntilGrown('p', empty, 200 * 4000);

    // Emptied for a rebuild, the commits after it are copied by a new background connection
    // (once they fill the pages the emptied read models left free in the file)...
    await store.dropReadModels();
    const refilled = await commitUntilGrown('q', statSync(file).size, 200 * 4000);
    // ...which lets the file go for a bulk write, so it goes through a rollback journal.
    const leaveWal = jest.spyOn(
      EmbeddedReadStore.prototype as unknown as { leaveWal(): boolean },
      'leaveWal',
    );
    await store.commit(
      [post('r')],
      { name: 'main', position: position + 1n },
      { handOver: true, bulk: true },
    );
    expect(leaveWal.mock.results.at(-1)?.value).toBe(true);
    leaveWal.mockRestore();
    await store.close();
    const again = new EmbeddedReadStore(file);
    expect(await again.count('posts', {})).toBe(refilled + 1);
    await again.close();
  });

  it('writes a bulk commit through a rollback journal when it has the file to itself, and is back in WAL mode after', async () => {
    const file = tempFile();
    const store = new EmbeddedReadStore(file);
    const documents = Array.from({ length: 200 }, (_, i) => ({
      kind: 'upsert' as const,
      collection: 'posts',
      document: { _id: `p${String(i).padStart(3, '0')}`, rating: i },
    }));
    await store.commit(documents, { name: 'main', position: 1n }, { handOver: true, bulk: true });
    await store.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'p000', rating: 9 } }],
      { name: 'main', position: 2n },
    );
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    const again = new EmbeddedReadStore(file);
    expect(await again.count('posts', {})).toBe(200);
    expect(await again.findOne('posts', { _id: 'p000' })).toEqual({ _id: 'p000', rating: 9 });
    expect(await again.getCheckpoint('main')).toBe(2n);
    await again.close();
  });
  it('writes the counters asked for in one turn in one transaction, in the order asked, and refuses them all once closed', async () => {
    const store = new EmbeddedReadStore(tempFile());
    const later = new Date(Date.now() + 60_000);
    const transactions = jest.spyOn(
      store as unknown as { written: (write: () => unknown) => unknown },
      'written',
    );
    const limits = ['user:m', 'user:h', 'user:m', 'ip:m'].map((key) => store.increment(key, later));
    expect(await Promise.all(limits)).toEqual([1, 1, 2, 1]);
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(await store.counter('user:m')).toBe(2);
    await store.close();
    await expect(store.increment('user:m', later)).rejects.toThrow();
  });
});
