import { tempFiles } from '../../../test/support/temp-files';
import { describeNameSearchContract } from './name-search.contract';
import { describeReadBatchContract } from './read-batch.contract';
import { describeReadStoreContract } from './read-store.contract';
import { describeRebuildCatchUpContract } from './rebuild-catch-up.contract';
import type { ReadDocument, ReadModelWrite } from '../../application/ports/read-store.port';
import Database from 'better-sqlite3';
import { EmbeddedReadStore } from './embedded-read-store';
import { FullScanError } from './query-plan-check';
import type { PreparedStatements } from './prepared-statements';

const tempFile = tempFiles('read-models.sqlite');

describeReadStoreContract('embedded', async () => new EmbeddedReadStore(tempFile()));
describeRebuildCatchUpContract('embedded', async () => new EmbeddedReadStore(tempFile()));
describeNameSearchContract('embedded', async () => new EmbeddedReadStore(tempFile()));
describeReadBatchContract('embedded', async () => new EmbeddedReadStore(tempFile()));

describe('embedded read store (SQLite)', () => {
  const upsert = (collection: string, document: ReadDocument): ReadModelWrite => ({
    kind: 'upsert',
    collection,
    document,
  });

  it('given a text index, when admins search a part of a field, then the trigram table narrows and the case-insensitive contains decides, through changes', async () => {
    const store = new EmbeddedReadStore(tempFile(), Date.now, { refuseFullScans: true });
    await store.ensureIndexes('users', [
      { keys: { createdAt: -1 } },
      { keys: { email: 1, name: 1 }, text: true },
    ]);
    await store.commit(
      [
        upsert('users', {
          _id: 'a',
          email: 'Ann@Example.org',
          name: 'PeppyPelican',
          createdAt: '1',
        }),
        upsert('users', { _id: 'b', email: 'bob@example.org', name: 'Bobcat', createdAt: '2' }),
        upsert('users', { _id: 'c', email: 'cy@other.net', name: null, createdAt: '3' }),
      ],
      { name: 'users', position: 1n },
    );
    const search = async (text: string) => {
      const pattern = { $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
      const filter = { $or: [{ email: pattern }, { name: pattern }] };
      const found = await store.find('users', filter, {
        sort: { createdAt: -1 },
      });
      expect(await store.count('users', filter, { sort: { createdAt: -1 } })).toBe(found.length);
      return found.map((doc) => doc._id);
    };
    expect(await search('EXAMPLE')).toEqual(['b', 'a']);
    expect(await search('pelican')).toEqual(['a']);
    expect(await search('e.o')).toEqual(['b', 'a']);
    expect(await search('ex')).toEqual(['b', 'a']);
    expect(await search('nowhere')).toEqual([]);
    await store.commit(
      [
        upsert('users', { _id: 'a', email: 'ann@moved.net', name: 'PeppyPelican', createdAt: '1' }),
        { kind: 'delete', collection: 'users', id: 'b' },
      ],
      { name: 'users', position: 2n },
    );
    expect(await search('example')).toEqual([]);
    expect(await search('.net')).toEqual(['c', 'a']);
    await store.close();
  });

  it('given full scans refused, when a query no index serves runs, then it fails, and an index walk, a covering count and a collection of few documents pass', async () => {
    const store = new EmbeddedReadStore(tempFile(), Date.now, {
      refuseFullScans: true,
      fewDocuments: ['admins'],
    });
    await store.ensureIndexes('posts', [
      { keys: { listed: 1, createdAt: -1 } },
      { keys: { createdAt: -1 } },
    ]);
    const writes = ['posts', 'admins'].map((collection) =>
      upsert(collection, { _id: 'p1', listed: true, votes: 3, createdAt: '1' }),
    );
    await store.commit(writes, { name: 'all', position: 1n });
    await expect(store.find('posts', { votes: 3 })).rejects.toThrow(FullScanError);
    await expect(store.count('posts', { votes: 3 })).rejects.toThrow(FullScanError);
    expect(
      await store.find('posts', { listed: true, votes: 3 }, { sort: { createdAt: -1 } }),
    ).toHaveLength(1);
    expect(await store.count('posts', {})).toBe(1);
    expect(await store.find('posts', {}, { sort: { createdAt: -1 }, limit: 5 })).toHaveLength(1);
    expect(await store.find('admins', { votes: 3 })).toHaveLength(1);
    await store.close();
  });

  it('given a lookup of thousands of terms, when read, then other work runs between its parts, and its plan is checked once whatever the list', async () => {
    const store = new EmbeddedReadStore(tempFile(), Date.now, { refuseFullScans: true });
    await store.ensureIndexes('photo_fingerprints', [{ keys: { bands: 1 }, terms: true }]);
    await store.commit(
      Array.from({ length: 500 }, (_, i) =>
        upsert('photo_fingerprints', { _id: `p${i}`, bands: [`b${i}`] }),
      ),
      { name: 'fingerprints', position: 1n },
    );
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const bands = Array.from({ length: 4_000 }, (_, i) => `b${i}`);
    const found = await store.find('photo_fingerprints', { bands: { $in: bands } });
    counting = false;
    expect(found).toHaveLength(500);
    // Four parts, each in a turn of its own: the turns between them ran.
    expect(turns).toBeGreaterThanOrEqual(3);
    const { statements } = store as unknown as { statements: PreparedStatements };
    const before = statements.size;
    await store.find('photo_fingerprints', { bands: { $in: bands.slice(0, 999) } });
    await store.find('photo_fingerprints', { bands: { $in: bands.slice(0, 998) } });
    expect(statements.size).toBe(before);
    await store.close();
  });

  it('given a file of the release that kept every document in one table, when opened, then its documents are in their collections and its checkpoints hold', async () => {
    const file = tempFile();
    // The layout that release wrote (its `embedded-read-store-file.ts`).
    const old = new Database(file);
    old.exec(`
      CREATE TABLE documents (
        collection TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (collection, id)
      ) WITHOUT ROWID;
      CREATE TABLE checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL);
      CREATE TABLE indexes (collection TEXT NOT NULL, keys TEXT NOT NULL, PRIMARY KEY (collection, keys))
        WITHOUT ROWID;
      INSERT INTO documents VALUES
        ('posts', 'p1', '{"_id":"p1","rating":2}'),
        ('posts', 'p2', '{"_id":"p2","rating":5}'),
        ('users', 'u1', '{"_id":"u1","name":"Ann"}');
      INSERT INTO checkpoints VALUES ('read-models', '7');
      INSERT INTO indexes VALUES ('posts', '[["rating",-1]]');
    `);
    old.close();
    const store = new EmbeddedReadStore(file);
    await store.ensureIndexes('posts', [{ keys: { rating: -1 } }]);
    expect((await store.find('posts', {}, { sort: { rating: -1 } })).map((doc) => doc._id)).toEqual(
      ['p2', 'p1'],
    );
    expect(await store.findOne('users', { _id: 'u1' })).toEqual({ _id: 'u1', name: 'Ann' });
    expect(await store.getCheckpoint('read-models')).toBe(7n);
    await store.close();
  });

  it('given a file of the release that renamed tables at a swap, when opened, then each collection is served from its table, and a rebuild swaps by naming the live table', async () => {
    const file = tempFile();
    const first = new EmbeddedReadStore(file);
    await first.ensureIndexes('posts', [{ keys: { rating: -1 } }]);
    await first.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'p1', rating: 2 } }],
      { name: 'read-models', position: 3n },
    );
    await first.close();
    // That release knew the live table by its name alone (`c:posts`): no `live_tables`.
    const old = new Database(file);
    old.exec('DROP TABLE live_tables');
    old.close();

    const reopened = new EmbeddedReadStore(file);
    expect(await reopened.find('posts', { rating: { $gte: 1 } }, { sort: { rating: -1 } })).toEqual(
      [{ _id: 'p1', rating: 2 }],
    );
    await reopened.beginRebuild([{ collection: 'posts', indexes: [{ keys: { rating: -1 } }] }]);
    await reopened.writeRebuild([
      { kind: 'upsert', collection: 'posts', document: { _id: 'p2', rating: 5 } },
    ]);
    await reopened.swapIn(['posts'], [{ name: 'read-models', position: 4n }]);
    await reopened.retired();
    await reopened.close();

    const after = new EmbeddedReadStore(file);
    expect(await after.find('posts', {}, { sort: { rating: -1 } })).toEqual([
      { _id: 'p2', rating: 5 },
    ]);
    expect(await after.getCheckpoint('read-models')).toBe(4n);
    const tables = new Database(file, { readonly: true });
    const names = tables
      .prepare<[], string>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c:%'",
      )
      .pluck()
      .all();
    tables.close();
    // The replaced table is dropped; the fresh one serves under its own name.
    expect(names).toEqual([expect.stringMatching(/^c:posts@/)]);
    await after.close();
  });
});
