import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedReadStore } from './embedded-read-store';
import { describeReadStoreContract } from './read-store.contract';

const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'read-'));
  dirs.push(dir);
  return join(dir, 'read-models.sqlite');
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeReadStoreContract('embedded', async () => new EmbeddedReadStore(tempFile()));

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
});
