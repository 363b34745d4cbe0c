import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileErasureLedger } from './file-erasure-ledger';

describe('FileErasureLedger', () => {
  let dir: string;
  let ledger: FileErasureLedger;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-'));
    ledger = new FileErasureLedger(join(dir, 'nested', 'erasures.jsonl'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is empty before the first erasure', async () => {
    expect(await ledger.entries()).toEqual([]);
  });

  it('appends entries in order and reads them back, from another instance too', async () => {
    await ledger.record({ userId: 'a1', at: '2026-01-01T00:00:00.000Z', position: '7' });
    await ledger.record({ userId: 'b2', at: '2026-01-02T00:00:00.000Z', position: null });
    expect(await new FileErasureLedger(ledger.file).entries()).toEqual([
      { userId: 'a1', at: '2026-01-01T00:00:00.000Z', position: '7' },
      { userId: 'b2', at: '2026-01-02T00:00:00.000Z', position: null },
    ]);
    expect(readFileSync(ledger.file, 'utf8').split('\n')).toHaveLength(3);
  });

  it('skips a line a crash cut short and goes on appending after it', async () => {
    await ledger.record({ userId: 'a1', at: '2026-01-01T00:00:00.000Z', position: '7' });
    appendFileSync(ledger.file, '{"userId":"b2","at":"2026');
    await ledger.record({ userId: 'c3', at: '2026-01-03T00:00:00.000Z', position: '9' });
    expect((await ledger.entries()).map((entry) => entry.userId)).toEqual(['a1', 'c3']);
  });

  it('records nothing but an account id', async () => {
    await expect(
      ledger.record({ userId: 'ann@example.com', at: '2026-01-01T00:00:00.000Z', position: '1' }),
    ).rejects.toThrow('Not an account id');
    expect(await ledger.entries()).toEqual([]);
  });
});
