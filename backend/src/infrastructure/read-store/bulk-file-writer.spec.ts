import Database from 'better-sqlite3';
import type { ReadModelWrite } from '../../application/ports/read-store.port';
import { tempFiles } from '../../../test/support/temp-files';
import * as bulkFileWriter from './bulk-file-writer';
import { EmbeddedReadStore } from './embedded-read-store';
import { WRITTEN_ON_A_WORKER_FROM } from './embedded-rebuild';

const tempFile = tempFiles('read-models.sqlite');

const posts = (count: number): ReadModelWrite[] =>
  Array.from({ length: count }, (_, i) => ({
    kind: 'upsert',
    collection: 'posts',
    document: { _id: `p${String(i).padStart(6, '0')}`, rating: i % 10, title: `post "${i}"` },
  }));

describe('a bulk commit written on a thread of its own', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes every row of a large bulk commit with its checkpoint, deletions too, and leaves the file in WAL mode', async () => {
    const file = tempFile();
    const store = new EmbeddedReadStore(file);
    await store.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'gone', rating: 1 } }],
      { name: 'main', position: 1n },
    );
    // The store's own connection writes a smaller bulk commit's rows, not this one's...
    const onThisThread = jest.spyOn(
      EmbeddedReadStore.prototype as unknown as { writeRow(): void },
      'writeRow',
    );
    const writes = [
      ...posts(WRITTEN_ON_A_WORKER_FROM + 500),
      { kind: 'delete', collection: 'posts', id: 'gone' } as const,
    ];
    await store.commit(writes, { name: 'main', position: 2n }, { handOver: true, bulk: true });
    // Only the commit before it, still pending, which a bulk commit writes first.
    const pending = ['posts', 'gone', '{"_id":"gone","rating":1}'];
    expect(onThisThread.mock.calls).toEqual([pending]);
    await store.commit(posts(3), { name: 'main', position: 2n }, { handOver: true, bulk: true });
    expect(onThisThread).toHaveBeenCalledTimes(4);
    expect(await store.count('posts', {})).toBe(WRITTEN_ON_A_WORKER_FROM + 500);
    // Handed over, the documents are kept as they are, each frozen as it was serialised.
    expect(Object.isFrozen(await store.findOne('posts', { _id: 'p000123' }))).toBe(true);
    expect(Object.isFrozen(await store.findOne('posts', { _id: 'p000001' }))).toBe(true);
    await store.close();

    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    const again = new EmbeddedReadStore(file);
    expect(await again.count('posts', {})).toBe(WRITTEN_ON_A_WORKER_FROM + 500);
    expect(await again.findOne('posts', { _id: 'gone' })).toBeNull();
    expect(await again.findOne('posts', { _id: 'p000123' })).toEqual({
      _id: 'p000123',
      rating: 3,
      title: 'post "123"',
    });
    expect(await again.getCheckpoint('main')).toBe(2n);
    await again.close();
  });

  it('changes nothing, in memory or in the file, when a document of it cannot be stored', async () => {
    const file = tempFile();
    const store = new EmbeddedReadStore(file);
    await store.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'kept', rating: 1 } }],
      { name: 'main', position: 1n },
    );
    const writes = posts(WRITTEN_ON_A_WORKER_FROM + 500);
    // Past the first messages to the writer: some rows are in its transaction already.
    writes[WRITTEN_ON_A_WORKER_FROM] = {
      kind: 'upsert',
      collection: 'posts',
      document: { _id: 'p-bad', size: 1n },
    };
    await expect(
      store.commit(writes, { name: 'main', position: 2n }, { handOver: true, bulk: true }),
    ).rejects.toThrow('BigInt');
    expect(await store.count('posts', {})).toBe(1);
    // The store writes on after it.
    await store.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'next', rating: 2 } }],
      { name: 'main', position: 3n },
    );
    await store.close();

    const again = new EmbeddedReadStore(file);
    expect((await again.find('posts', {})).map((post) => post._id)).toEqual(['kept', 'next']);
    expect(await again.getCheckpoint('main')).toBe(3n);
    await again.close();
  });

  it('resolves once the rows are committed, then once the writer has put the file on disk and stopped', async () => {
    const file = tempFile();
    await new EmbeddedReadStore(file).close();
    const { onDisk } = await bulkFileWriter.writeOnAWorker(
      file,
      [1, 2, 3],
      (n): bulkFileWriter.FileRow => ['posts', `p${n}`, `{"_id":"p${n}"}`],
      { name: 'main', position: 1n },
    );
    // Committed, and the writer's connection closed: the file is the caller's again.
    const db = new Database(file);
    expect(db.prepare('SELECT id FROM documents ORDER BY id').pluck().all()).toEqual([
      'p1',
      'p2',
      'p3',
    ]);
    db.pragma('journal_mode = WAL');
    db.close();
    await expect(onDisk).resolves.toBeUndefined();
  });

  it('writes rows in their order, many to a statement: a later write of a row wins, a deletion after its write deletes it', async () => {
    const file = tempFile();
    await new EmbeddedReadStore(file).close();
    const row = (n: number, body: string | null): bulkFileWriter.FileRow => [
      'posts',
      `p${String(n).padStart(3, '0')}`,
      body,
    ];
    const rows = [
      ...Array.from({ length: 60 }, (_, n) => row(n, 'v1')),
      row(55, null),
      row(7, 'v2'),
      ...Array.from({ length: 60 }, (_, n) => row(60 + n, 'v1')),
      row(61, 'v3'),
      row(200, null),
    ];
    const { onDisk } = await bulkFileWriter.writeOnAWorker(file, rows, (item) => item, {
      name: 'main',
      position: 1n,
    });
    await onDisk;
    const db = new Database(file, { readonly: true });
    const stored = new Map(
      db
        .prepare<[], { id: string; body: string }>('SELECT id, body FROM documents')
        .all()
        .map(({ id, body }) => [id, body]),
    );
    db.close();
    expect(stored.size).toBe(119);
    expect(stored.has('p055')).toBe(false);
    expect([
      stored.get('p000'),
      stored.get('p007'),
      stored.get('p061'),
      stored.get('p119'),
    ]).toEqual(['v1', 'v2', 'v3', 'v1']);
  });

  it('fails with what the writer failed on', async () => {
    const file = tempFile();
    new Database(file).close();
    await expect(
      bulkFileWriter.writeOnAWorker(
        file,
        [1, 2, 3],
        (n): bulkFileWriter.FileRow => ['posts', `p${n}`, '{}'],
        { name: 'main', position: 1n },
      ),
    ).rejects.toThrow('Writing the read models failed: no such table: documents');
  });
});
