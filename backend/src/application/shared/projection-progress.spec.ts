import type { CheckpointListener } from '../ports/read-store.port';
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

/** A checkpoint whose moves a test pushes, as the MongoDB read store's change stream does. */
function pushedCheckpoint() {
  const { stored, readStore } = storedCheckpoint();
  const feed = {
    listener: null as CheckpointListener | null,
    subscriptions: 0,
    names: [] as string[],
  };
  return {
    stored,
    feed,
    readStore: {
      ...readStore,
      watchCheckpoint: (name: string, listener: CheckpointListener) => {
        feed.subscriptions += 1;
        feed.names.push(name);
        feed.listener = listener;
        return () => {
          feed.listener = null;
        };
      },
    },
  };
}

/** Resolves once `condition` holds (the test's own timeout fails it otherwise). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** Lets every reaction already queued run (a poll that started would have read by then). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('read-your-writes where the read store pushes the checkpoint', () => {
  it('given a live feed, releases every waiter on a pushed move without reading the checkpoint', async () => {
    const { stored, feed, readStore } = pushedCheckpoint();
    stored.position = 1n;
    const progress = new ProjectionProgress(() => null, readStore, 'read-models', 1);
    expect(await progress.current()).toBe(1n);
    feed.listener!.live();
    // One read once live, for what moved before the pushes began.
    await until(() => stored.reads === 2);
    await settle();

    const waits = Array.from({ length: 50 }, (_, i) => progress.waitFor(BigInt(2 + (i % 3)), 5000));
    await settle();
    expect(stored.reads).toBe(2);
    feed.listener!.moved(4n);

    expect(await Promise.all(waits)).toEqual(Array(50).fill(true));
    expect(await progress.current()).toBe(4n);
    expect(stored.reads).toBe(2);
    expect(feed).toMatchObject({ subscriptions: 1, names: ['read-models'] });
  });

  it('polls for whoever waits until the feed is live, and while it is lost, then follows the pushes again', async () => {
    const { stored, feed, readStore } = pushedCheckpoint();
    const progress = new ProjectionProgress(() => null, readStore, 'read-models', 1);

    // Not live yet: the poll answers.
    const early = progress.waitFor(1n, 5000);
    stored.position = 1n;
    expect(await early).toBe(true);

    feed.listener!.live();
    await until(() => stored.reads >= 2);
    await settle();
    feed.listener!.lost(new Error('change stream closed'));
    const whileLost = progress.waitFor(2n, 5000);
    const readsWhenLost = stored.reads;
    stored.position = 2n;
    expect(await whileLost).toBe(true);
    expect(stored.reads).toBeGreaterThan(readsWhenLost);

    // Reopened: one read, then the pushes alone.
    const readsBeforeReopen = stored.reads;
    feed.listener!.live();
    await until(() => stored.reads === readsBeforeReopen + 1);
    await settle();
    const afterReopen = progress.waitFor(3n, 5000);
    await settle();
    expect(stored.reads).toBe(readsBeforeReopen + 1);
    feed.listener!.moved(3n);
    expect(await afterReopen).toBe(true);
    expect(stored.reads).toBe(readsBeforeReopen + 1);
    expect(feed.subscriptions).toBe(1);
  });

  it('keeps polling after the feed is live until a read taken since has succeeded', async () => {
    const { stored, feed, readStore } = pushedCheckpoint();
    let failReads = true;
    const watcher = new CheckpointWatcher(
      async () => {
        stored.reads += 1;
        if (failReads) throw new Error('primary stepped down');
        return stored.position;
      },
      1,
      undefined,
      (listener) => readStore.watchCheckpoint('read-models', listener),
    );
    const wait = watcher.waitFor(5n, 5000);
    feed.listener!.live();
    // The read at `live` failed: a move the feed never pushed is found by the poll.
    await until(() => stored.reads >= 3);
    failReads = false;
    stored.position = 5n;
    expect(await wait).toBe(true);
  });
});
