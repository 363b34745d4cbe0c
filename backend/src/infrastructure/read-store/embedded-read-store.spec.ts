import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { tempFiles } from '../../../test/support/temp-files';
import { EmbeddedReadStore } from './embedded-read-store';
import { WRITTEN_ON_A_WORKER_FROM } from './embedded-rebuild';
import { describeNameSearchContract } from './name-search.contract';
import { describeReadBatchContract } from './read-batch.contract';
import { describeReadStoreContract } from './read-store.contract';
import { describeRebuildCatchUpContract } from './rebuild-catch-up.contract';

const tempFile = tempFiles('read-models.sqlite');

describeReadStoreContract('embedded', async () => new EmbeddedReadStore(tempFile()));
describeRebuildCatchUpContract('embedded', async () => new EmbeddedReadStore(tempFile()));
describeNameSearchContract('embedded', async () => new EmbeddedReadStore(tempFile()));
describeReadBatchContract('embedded', async () => new EmbeddedReadStore(tempFile()));

describe('embedded read store', () => {
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

  describe('rebuilt read models swapped in', () => {
    const live = (id: string) => ({
      kind: 'upsert' as const,
      collection: 'posts',
      document: { _id: id, live: true },
    });

    it('given a rebuild large enough for the writer thread, when swapped in and the store reopened, then the file holds the rebuilt read models alone, with their indexes', async () => {
      const file = tempFile();
      const first = new EmbeddedReadStore(file);
      await first.ensureIndexes('posts', [{ keys: { live: 1 } }]);
      await first.commit([live('old1'), live('old2')], { name: 'main', position: 50n });
      const count = WRITTEN_ON_A_WORKER_FROM + 5;
      await first.beginRebuild([{ collection: 'posts', indexes: [{ keys: { n: -1 } }] }]);
      await first.writeRebuild(
        Array.from({ length: count }, (_, n) => ({
          kind: 'upsert' as const,
          collection: 'posts',
          document: { _id: `p${String(n).padStart(6, '0')}`, n },
        })),
      );
      await first.swapIn(['posts'], [{ name: 'main', position: 40n }]);
      expect(await first.count('posts', {})).toBe(count);
      await first.close();

      const second = new EmbeddedReadStore(file);
      expect(await second.count('posts', {})).toBe(count);
      expect(await second.findOne('posts', { _id: 'old1' })).toBeNull();
      expect(await second.getCheckpoint('main')).toBe(40n);
      const [top] = await second.find('posts', {}, { sort: { n: -1 }, limit: 1 });
      expect(top).toEqual({ _id: `p${String(count - 1).padStart(6, '0')}`, n: count - 1 });
      await second.close();
      const db = new Database(file, { readonly: true });
      try {
        expect(db.prepare("SELECT keys FROM indexes WHERE collection = 'posts'").all()).toEqual([
          { keys: '[["n",-1]]' },
        ]);
      } finally {
        db.close();
      }
    });

    it('given a rebuilt document that cannot be stored, when swapped in, then the swap fails and the live read models stay as they were, in memory and in the file', async () => {
      const file = tempFile();
      const store = new EmbeddedReadStore(file);
      await store.commit([live('old1')], { name: 'main', position: 50n });
      const circular: Record<string, unknown> = { _id: 'bad' };
      circular.self = circular;
      await store.beginRebuild([{ collection: 'posts', indexes: [] }]);
      await store.writeRebuild([
        { kind: 'upsert', collection: 'posts', document: { _id: 'new1' } },
        { kind: 'upsert', collection: 'posts', document: circular as { _id: string } },
      ]);
      await expect(store.swapIn(['posts'], [{ name: 'main', position: 60n }])).rejects.toThrow();
      await store.abandonRebuild(['posts']);
      expect(await store.find('posts', {})).toEqual([{ _id: 'old1', live: true }]);
      expect(await store.getCheckpoint('main')).toBe(50n);
      await store.close();

      const reopened = new EmbeddedReadStore(file);
      expect(await reopened.find('posts', {})).toEqual([{ _id: 'old1', live: true }]);
      expect(await reopened.getCheckpoint('main')).toBe(50n);
      await reopened.close();
    });

    it('refuses writes and a swap for a read model whose rebuild was not begun', async () => {
      const store = new EmbeddedReadStore(tempFile());
      await expect(store.writeRebuild([live('x')])).rejects.toThrow(
        'No rebuild of posts was begun',
      );
      await expect(store.swapIn(['posts'], [])).rejects.toThrow('No rebuild of posts was begun');
      await store.close();
    });
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
  describe('writes its file after the turn of the commit', () => {
    const post = (id: string, rating: number) => ({
      kind: 'upsert' as const,
      collection: 'posts',
      document: { _id: id, rating },
    });
    /** The file after p1, p2 and p3 were committed at positions 1 to 3. */
    const P1_TO_P3 = {
      documents: [
        ['p1', 1],
        ['p2', 2],
        ['p3', 3],
      ],
      checkpoint: '3',
    };
    /** Runs after the flush a commit of this turn scheduled (immediates run in order). */
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    /** What the file holds, read on a connection of its own. */
    const inFile = (file: string) => {
      const db = new Database(file, { readonly: true });
      try {
        const rows = db.prepare('SELECT id, body FROM documents ORDER BY id').all() as {
          id: string;
          body: string;
        }[];
        const checkpoint = db
          .prepare("SELECT position FROM checkpoints WHERE name = 'main'")
          .get() as { position: string } | undefined;
        return {
          documents: rows.map((row) => [row.id, JSON.parse(row.body).rating]),
          checkpoint: checkpoint?.position ?? null,
        };
      } finally {
        db.close();
      }
    };

    it('answers from memory at once, and the file gets each document’s last change with the last checkpoint in one write', async () => {
      const file = tempFile();
      const store = new EmbeddedReadStore(file);
      await store.commit([post('p1', 1), post('p2', 2)], { name: 'main', position: 1n });
      await store.commit([post('p1', 5), { kind: 'delete', collection: 'posts', id: 'p2' }], {
        name: 'main',
        position: 2n,
      });
      expect(await store.findOne('posts', { _id: 'p1' })).toEqual({ _id: 'p1', rating: 5 });
      expect(await store.getCheckpoint('main')).toBe(2n);
      expect(inFile(file)).toEqual({ documents: [], checkpoint: null });

      await nextTurn();
      expect(inFile(file)).toEqual({ documents: [['p1', 5]], checkpoint: '2' });
      await store.close();
    });

    it('keeps what a failed write held for the next one, so the file never claims a checkpoint without its documents', async () => {
      const file = tempFile();
      const store = new EmbeddedReadStore(file);
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
      // A second connection makes the file refuse one document.
      const db = new Database(file);
      db.exec(`CREATE TRIGGER refuse BEFORE INSERT ON documents WHEN NEW.id = 'p2'
               BEGIN SELECT RAISE(ABORT, 'refused'); END`);
      await store.commit([post('p1', 1)], { name: 'main', position: 1n });
      await nextTurn();
      await store.commit([post('p2', 2)], { name: 'main', position: 2n });
      await nextTurn();
      await store.commit([post('p2', 2)], { name: 'main', position: 2n });
      await nextTurn();
      // Said once, not at every refused write.
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('refused'));
      expect(inFile(file)).toEqual({ documents: [['p1', 1]], checkpoint: '1' });
      expect(await store.findOne('posts', { _id: 'p2' })).toEqual({ _id: 'p2', rating: 2 });
      expect(await store.getCheckpoint('main')).toBe(2n);

      db.exec('DROP TRIGGER refuse');
      db.close();
      await store.commit([post('p3', 3)], { name: 'main', position: 3n });
      await nextTurn();
      expect(inFile(file)).toEqual(P1_TO_P3);
      expect(log).toHaveBeenCalledWith('The read models are written to their file again');
      warn.mockRestore();
      log.mockRestore();
      await store.close();
    });

    it('writes at once in a turn of many commits, so a catch-up is not held to its end', async () => {
      const file = tempFile();
      const store = new EmbeddedReadStore(file);
      const many = Array.from({ length: 999 }, (_, i) => post(`m${String(i).padStart(3, '0')}`, 0));
      await store.commit(many, { name: 'main', position: 1n });
      expect(inFile(file).checkpoint).toBeNull();
      // The thousandth write queued in the same turn.
      await store.commit([post('p1', 1)], { name: 'main', position: 2n });
      expect(inFile(file).checkpoint).toBe('2');
      expect(inFile(file).documents).toHaveLength(1000);
      await store.close();
    });

    it('writes what is pending before it closes, before a bulk write, and before it scrubs freed space, and drops it with the read models', async () => {
      const file = tempFile();
      const store = new EmbeddedReadStore(file);
      await store.commit([post('p1', 1)], { name: 'main', position: 1n });
      await store.scrubFreedSpace();
      expect(inFile(file)).toEqual({ documents: [['p1', 1]], checkpoint: '1' });

      await store.commit([post('p2', 2)], { name: 'main', position: 2n });
      await store.commit([post('p3', 3)], { name: 'main', position: 3n }, { bulk: true });
      expect(inFile(file)).toEqual(P1_TO_P3);

      await store.commit([post('p4', 4)], { name: 'main', position: 4n });
      await store.dropReadModels();
      expect(await store.getCheckpoint('main')).toBeNull();
      await nextTurn();
      expect(inFile(file)).toEqual({ documents: [], checkpoint: null });

      await store.commit([post('p5', 5)], { name: 'main', position: 5n });
      await store.close();
      expect(inFile(file)).toEqual({ documents: [['p5', 5]], checkpoint: '5' });
    });
  });
});
