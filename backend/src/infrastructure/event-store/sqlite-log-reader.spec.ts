import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '../../domain/shared/event';
import { systemEvent } from '../../../test/support/system-event';
import { readLogAhead } from './sqlite-log-reader';
import { SqliteEventStore } from './sqlite-event-store';

describe('reading the log file ahead on a thread of its own', () => {
  let dir: string;
  let file: string;
  let log: SqliteEventStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'log-reader-'));
    file = join(dir, 'events.sqlite');
    log = new SqliteEventStore(file, { synchronous: 'normal' });
  });
  afterEach(async () => {
    await log.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const append = async (count: number) => {
    for (let n = 0; n < count; n += 1) await log.appendToStream(`s-${n}`, [systemEvent('A')]);
  };

  it('reads every page of the log after a position, as the store reads it', async () => {
    await append(11);
    const pages: RecordedEvent[][] = [];
    for await (const page of readLogAhead(file, 2n, 4)) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([4, 4, 1]);
    expect(pages.flat()).toEqual(await log.readAll({ after: 2n }));
  });

  it('reads one snapshot of the log: what is appended after its first page is not in it', async () => {
    await append(3);
    const seen: RecordedEvent[] = [];
    for await (const page of readLogAhead(file, 0n, 1)) {
      if (seen.length === 0) await append(5);
      seen.push(...page);
    }
    expect(seen.map((event) => event.position)).toEqual([1n, 2n, 3n]);
    expect(await log.headPosition()).toBe(8n);
  });

  it('ends when its caller leaves after the first page, however much is left', async () => {
    await append(50);
    let pages = 0;
    for await (const page of readLogAhead(file, 0n, 1)) {
      pages += page.length;
      break;
    }
    expect(pages).toBe(1);
  });

  it('fails, rather than waits, when the file cannot be read', async () => {
    const pages = readLogAhead(join(dir, 'missing.sqlite'), 0n, 10);
    await expect(pages.next()).rejects.toThrow('unable to open database file');
  });
});
