import { SharedLogHead } from './shared-log-head';

/** A log head that a test moves, counting the reads and failing them when told. */
function log() {
  const state = { head: 1n as bigint | null, reads: 0, down: false };
  return {
    state,
    read: async () => {
      state.reads += 1;
      if (state.down) throw new Error('EventStoreDB unavailable');
      return state.head;
    },
  };
}

describe('the log head shared by readiness probes', () => {
  it('given many probes within a few seconds, reads the head once for all of them', async () => {
    let clock = 0;
    const { state, read } = log();
    const head = new SharedLogHead(read, 5000, () => clock);

    expect(await Promise.all([head.current(), head.current(), head.current()])).toEqual([
      1n,
      1n,
      1n,
    ]);
    state.head = 2n;
    clock = 4999;
    expect(await head.current()).toBe(1n);
    expect(state.reads).toBe(1);

    clock = 5000;
    expect(await head.current()).toBe(2n);
    expect(state.reads).toBe(2);
  });

  it('keeps no failed read: the next probe reads again and fails while the log is down', async () => {
    let clock = 0;
    const { state, read } = log();
    const head = new SharedLogHead(read, 5000, () => clock);
    await head.current();

    state.down = true;
    clock = 6000;
    await expect(head.current()).rejects.toThrow('EventStoreDB unavailable');
    clock = 6001;
    await expect(head.current()).rejects.toThrow('EventStoreDB unavailable');
    state.down = false;
    expect(await head.current()).toBe(1n);
    expect(state.reads).toBe(4);
  });
});
