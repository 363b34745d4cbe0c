import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Flush, WalSync } from './wal-sync';
import { until } from '../../../test/support/until';

/** A flush the test lets finish, one call at a time. */
function heldFlush() {
  const calls: Array<(error: NodeJS.ErrnoException | null) => void> = [];
  const flush: Flush = (_fd, done) => calls.push(done);
  return { flush, calls };
}

const settled = <T>(promise: Promise<T>) => {
  const state = { done: false, error: null as Error | null };
  promise.then(
    () => (state.done = true),
    (error: Error) => (state.error = error),
  );
  return state;
};

/** Lets the promise callbacks queued so far (and the ones they queue) run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('WalSync', () => {
  let dir: string;
  let logFile: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wal-sync-'));
    logFile = join(dir, 'events.sqlite-wal');
    writeFileSync(logFile, 'log');
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers once its flush has run, and the syncs asked for meanwhile share the next one', async () => {
    const { flush, calls } = heldFlush();
    const sync = new WalSync(logFile, flush);
    const first = settled(sync.synced());
    await turn();
    expect(calls).toHaveLength(1);

    const second = settled(sync.synced());
    const third = settled(sync.synced());
    await turn();
    expect(calls).toHaveLength(1);
    expect([first.done, second.done, third.done]).toEqual([false, false, false]);

    // The first flush also syncs the log's folder, on the disk's time.
    calls[0](null);
    await until(() => first.done);
    expect([second.done, third.done]).toEqual([false, false]);
    expect(calls).toHaveLength(2);

    calls[1](null);
    await until(() => second.done && third.done);
    expect(calls).toHaveLength(2);
    await sync.close();
  });

  it('fails the syncs of a flush that failed and every later one, however the disk answers then', async () => {
    const { flush, calls } = heldFlush();
    const sync = new WalSync(logFile, flush);
    const first = settled(sync.synced());
    await turn();
    const second = settled(sync.synced());
    calls[0](Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await until(() => second.error !== null);
    expect(first.error?.message).toBe(
      'The write-ahead log could not be flushed to the disk: EIO: i/o error, fdatasync',
    );
    expect(second.error).toBe(first.error);
    expect(sync.failed).toBe(first.error);
    await expect(sync.synced()).rejects.toBe(first.error);
    expect(calls).toHaveLength(1);
    await sync.close();
  });

  it("flushes the log's file to the disk and lets it go when closed", async () => {
    const sync = new WalSync(logFile);
    await sync.synced();
    await Promise.all([sync.synced(), sync.synced()]);
    await sync.close();
    expect(sync.failed).toBeNull();
  });

  it('fails clearly when the log has no file', async () => {
    const sync = new WalSync(join(dir, 'missing-wal'));
    await expect(sync.synced()).rejects.toThrow(
      /^The write-ahead log could not be flushed to the disk: ENOENT/,
    );
    await sync.close();
  });
});
