import Database from 'better-sqlite3';
import { tempFiles } from '../../../test/support/temp-files';
import { EmbeddedReadStore } from './embedded-read-store';
import { ROWS_PER_STEP, SHADOW_TABLE } from './shadow-copies';

const tempFile = tempFiles('read-models.sqlite');

const live = (id: string) => ({
  kind: 'upsert' as const,
  collection: 'posts',
  document: { _id: id, live: true },
});
const rebuilt = (n: number) => ({
  kind: 'upsert' as const,
  collection: 'posts',
  document: { _id: `p${String(n).padStart(6, '0')}`, n },
});

/** The tables of the file, and the rows of one, seen by a connection of its own. */
function inFile(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => row.name)
      .sort();
    const rows = (table: string) =>
      tables.includes(table)
        ? db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()!.n
        : null;
    return { tables, shadowRows: rows(SHADOW_TABLE), documents: rows('documents') };
  } finally {
    db.close();
  }
}

/** Turns of the event loop until `done`, counted (each gives requests their turn). */
async function turnsUntil(done: () => boolean, most = 10_000): Promise<number> {
  let turns = 0;
  while (!done()) {
    if (turns === most) throw new Error(`Not done after ${most} turns`);
    await new Promise((resolve) => setImmediate(resolve));
    turns += 1;
  }
  return turns;
}

const LIVE_TABLES = ['checkpoints', 'counters', 'documents', 'indexes', 'leases'];

describe('embedded read store: the online rebuild written while serving', () => {
  const count = ROWS_PER_STEP * 4 + 7;

  it('given an online rebuild written, when turns go by before the swap, then its rows reach the file in later turns, not in the write, and readers still see the live set', async () => {
    const file = tempFile();
    const store = new EmbeddedReadStore(file);
    await store.commit([live('old1')], { name: 'main', position: 50n });
    await store.beginRebuild([{ collection: 'posts', indexes: [{ keys: { n: -1 } }] }]);
    await store.writeRebuild(Array.from({ length: count }, (_, n) => rebuilt(n)));
    // The write answered without the file: the rows follow in turns of their own.
    expect(inFile(file).shadowRows ?? 0).toBe(0);

    const turns = await turnsUntil(() => inFile(file).shadowRows === count);

    expect(turns).toBeGreaterThan(0);
    expect(await store.find('posts', {})).toEqual([{ _id: 'old1', live: true }]);
    expect(inFile(file).documents).toBe(1);
    await store.close();
  });

  it('given an online rebuild swapped in while serving, when the store is reopened, then the file holds the rebuilt read models with the others kept, and the old rows are dropped', async () => {
    const file = tempFile();
    const store = new EmbeddedReadStore(file);
    await store.commit([live('old1')], { name: 'main', position: 50n });
    await store.commit([{ kind: 'upsert', collection: 'sessions', document: { _id: 's1' } }], {
      name: 'reactor',
      position: 7n,
    });
    await store.beginRebuild([{ collection: 'posts', indexes: [{ keys: { n: -1 } }] }]);
    await store.writeRebuild(Array.from({ length: count }, (_, n) => rebuilt(n)));
    await store.writeRebuild([
      { kind: 'delete', collection: 'posts', id: rebuilt(0).document._id },
    ]);
    await store.swapIn(['posts'], [{ name: 'main', position: 60n }], { whileServing: true });

    expect(await store.count('posts', {})).toBe(count - 1);
    // The live projection goes on into the swapped-in rows.
    await store.commit([live('after')], { name: 'main', position: 61n });
    await store.retired();
    expect(inFile(file).tables).toEqual(LIVE_TABLES);
    await store.close();

    const reopened = new EmbeddedReadStore(file);
    expect(await reopened.count('posts', {})).toBe(count);
    expect(await reopened.findOne('posts', { _id: 'old1' })).toBeNull();
    expect(await reopened.findOne('posts', { _id: 'after' })).toEqual({ _id: 'after', live: true });
    expect(await reopened.findOne('sessions', { _id: 's1' })).toEqual({ _id: 's1' });
    expect(await reopened.getCheckpoint('main')).toBe(61n);
    expect(await reopened.getCheckpoint('reactor')).toBe(7n);
    const [top] = await reopened.find('posts', {}, { sort: { n: -1 }, limit: 1 });
    expect(top).toEqual(rebuilt(count - 1).document);
    await reopened.close();
  });

  it('given a process that stops mid-rebuild, when the store is opened again, then the live read models are intact and the copy is dropped', async () => {
    const file = tempFile();
    const store = new EmbeddedReadStore(file);
    await store.commit([live('old1')], { name: 'main', position: 50n });
    await store.beginRebuild([{ collection: 'posts', indexes: [] }]);
    await store.writeRebuild(Array.from({ length: count }, (_, n) => rebuilt(n)));
    await turnsUntil(() => (inFile(file).shadowRows ?? 0) > ROWS_PER_STEP);
    await store.close();
    expect(inFile(file).tables).toContain(SHADOW_TABLE);

    const reopened = new EmbeddedReadStore(file);
    expect(await reopened.find('posts', {})).toEqual([{ _id: 'old1', live: true }]);
    expect(await reopened.getCheckpoint('main')).toBe(50n);
    await reopened.retired();
    expect(inFile(file).tables).toEqual(LIVE_TABLES);
    await reopened.close();
  });

  it('given a rebuilt document that cannot be stored, when swapped in while serving, then the swap fails, the live read models stay as they were, and the copy is dropped', async () => {
    const file = tempFile();
    const store = new EmbeddedReadStore(file);
    await store.commit([live('old1')], { name: 'main', position: 50n });
    const circular: Record<string, unknown> = { _id: 'bad' };
    circular.self = circular;
    await store.beginRebuild([{ collection: 'posts', indexes: [] }]);
    await store.writeRebuild([
      rebuilt(1),
      { kind: 'upsert', collection: 'posts', document: circular as { _id: string } },
    ]);
    await expect(
      store.swapIn(['posts'], [{ name: 'main', position: 60n }], { whileServing: true }),
    ).rejects.toThrow();
    await store.abandonRebuild(['posts']);
    expect(await store.find('posts', {})).toEqual([{ _id: 'old1', live: true }]);
    expect(await store.getCheckpoint('main')).toBe(50n);
    await store.retired();
    expect(inFile(file).tables).toEqual(LIVE_TABLES);
    await store.close();

    const reopened = new EmbeddedReadStore(file);
    expect(await reopened.find('posts', {})).toEqual([{ _id: 'old1', live: true }]);
    await reopened.close();
  });
});
