import { CheckpointWatcher, ProjectionProgress } from './projection-progress';

/** A checkpoint that a test moves, counting how often it is read. */
function storedCheckpoint() {
  const stored = { position: null as bigint | null, reads: 0 };
  return {
    stored,
    readStore: {
      getCheckpoint: async () => {
        stored.reads += 1;
        return stored.position;
      },
    },
  };
}

describe('read-your-writes in a process that does not run the projections', () => {
  it('given many requests waiting at once, reads the checkpoint once per poll for all of them', async () => {
    const { stored, readStore } = storedCheckpoint();
    stored.position = 1n;
    const progress = new ProjectionProgress(() => null, readStore, 'read-models', 5);

    const waits = Array.from({ length: 50 }, (_, i) => progress.waitFor(BigInt(2 + (i % 3)), 5000));
    // Three polls at least pass before the worker commits (one read each, whoever waits).
    while (stored.reads < 3) await new Promise((resolve) => setTimeout(resolve, 1));
    const readsWhileWaiting = stored.reads;
    stored.position = 4n;

    expect(await Promise.all(waits)).toEqual(Array(50).fill(true));
    expect(stored.reads).toBeLessThanOrEqual(readsWhileWaiting + 1);
    expect(readsWhileWaiting).toBeLessThan(50);
  });

  it('answers a wait for a position it has already seen without reading, and reads nothing with nobody waiting', async () => {
    const { stored, readStore } = storedCheckpoint();
    stored.position = 7n;
    const progress = new ProjectionProgress(() => null, readStore, 'read-models', 5);
    expect(await progress.waitFor(7n)).toBe(true);
    const reads = stored.reads;

    expect(await progress.waitFor(6n)).toBe(true);
    expect(await progress.waitFor(null)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stored.reads).toBe(reads);
  });

  it('answers false after the bounded wait when the projections do not get there', async () => {
    const { readStore } = storedCheckpoint();
    const progress = new ProjectionProgress(() => null, readStore, 'read-models', 5);
    expect(await progress.waitFor(3n, 40)).toBe(false);
  });

  it('asks the runner in the process that projects, never the store', async () => {
    const { stored, readStore } = storedCheckpoint();
    const runner = { position: 9n, waitForPosition: jest.fn(async () => true) };
    const progress = new ProjectionProgress(() => runner, readStore);
    expect(await progress.current()).toBe(9n);
    expect(await progress.waitFor(10n)).toBe(true);
    expect(runner.waitForPosition).toHaveBeenCalledWith(10n, 3000);
    expect(stored.reads).toBe(0);
  });
});

describe('CheckpointWatcher.current', () => {
  it('shares one read among callers within a poll, and reads again after it', async () => {
    let clock = 0;
    let reads = 0;
    const watcher = new CheckpointWatcher(
      async () => {
        reads += 1;
        return BigInt(reads);
      },
      15,
      () => clock,
    );
    expect(await Promise.all([watcher.current(), watcher.current()])).toEqual([1n, 1n]);
    clock = 10;
    expect(await watcher.current()).toBe(1n);
    clock = 20;
    expect(await watcher.current()).toBe(2n);
    expect(reads).toBe(2);
  });
});
