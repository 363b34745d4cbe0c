import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEventStoreContract } from './event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeEventStoreContract('embedded SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'events-'));
  dirs.push(dir);
  return new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'normal' });
});

describe('embedded SQLite event store across processes', () => {
  it('lets a second connection to the same file see the appended events', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'events-'));
    dirs.push(dir);
    const file = join(dir, 'events.sqlite');
    const writer = new SqliteEventStore(file);
    const reader = new SqliteEventStore(file);
    try {
      await writer.appendToStream('s-1', [
        {
          id: '6f1f8a3e-5b1a-4f6a-9a57-6a4d2f9e0c11',
          type: 'A',
          data: {},
          metadata: {
            actor: { type: 'system', id: 'test' },
            correlationId: 'c',
            causationId: 'c',
            at: '2026-01-01T00:00:00.000Z',
          },
        },
      ]);
      expect(await reader.readStream('s-1')).toHaveLength(1);
      await expect(
        reader.appendToStream('s-1', [], { expectedRevision: 'no_stream' }),
      ).rejects.toThrow('Wrong expected version');
    } finally {
      await writer.close();
      await reader.close();
    }
  });
});
