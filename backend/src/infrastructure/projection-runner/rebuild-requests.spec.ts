import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { LeasedProjections } from './leased-projections';
import { ProjectionRunner } from './projection-runner';
import { REBUILD_REQUEST_FILE, requestRebuild, takeRebuildRequest } from './rebuild-requests';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

describe('rebuild requests', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: EmbeddedReadStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rebuild-request-'));
    events = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'normal' });
    reads = new EmbeddedReadStore(join(dir, 'read.sqlite'));
  });
  afterEach(async () => {
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['the data directory', () => ({ dataDir: dir })],
    ['the read store', () => ({ readStore: reads })],
  ])('given a request left in %s, when taken, then it is taken once', async (_where, place) => {
    const take = takeRebuildRequest(place());
    expect(await take()).toBe(false);
    await requestRebuild(place());
    expect(await take()).toBe(true);
    expect(await take()).toBe(false);
  });

  it('given a request, when the lease holder renews, then it starts an online rebuild and takes the request up', async () => {
    const runner = new ProjectionRunner(events, reads, [], { version: 1, logger: quiet });
    let started!: () => void;
    const rebuilding = new Promise<void>((resolve) => (started = resolve));
    jest.spyOn(runner, 'startRebuild').mockImplementation(() => {
      started();
      return Promise.resolve();
    });
    const leased = new LeasedProjections(runner, reads, {
      holder: 'worker',
      ttlMs: 300,
      renewEveryMs: 20,
      logger: quiet,
      rebuildRequested: takeRebuildRequest({ dataDir: dir }),
    });
    await leased.start();
    try {
      await requestRebuild({ dataDir: dir });
      await rebuilding;
      expect(existsSync(join(dir, REBUILD_REQUEST_FILE))).toBe(false);
      expect(runner.startRebuild).toHaveBeenCalledTimes(1);
    } finally {
      await leased.stop();
    }
  });
});
