import type { CheckpointListener, ReadStore } from '../../application/ports/read-store.port';

/**
 * What a read store that pushes its checkpoints (`watchCheckpoint`) must do, against its real
 * server: the listener hears that the pushes are live, then every commit of its checkpoint, and
 * none of another's.
 */
export function describeCheckpointFeedContract(
  adapterName: string,
  create: () => Promise<ReadStore>,
  dispose: (store: ReadStore) => Promise<void> = (store) => store.close(),
): void {
  describe(`checkpoint pushes: ${adapterName}`, () => {
    let store: ReadStore;
    beforeEach(async () => {
      store = await create();
    });
    afterEach(() => dispose(store));

    it('pushes each commit of a checkpoint to its listener once the feed is live, and no other checkpoint’s', async () => {
      const moved: bigint[] = [];
      let live!: () => void;
      const isLive = new Promise<void>((resolve) => (live = resolve));
      let reached!: () => void;
      const second = new Promise<void>((resolve) => (reached = resolve));
      const listener: CheckpointListener = {
        live: () => live(),
        moved: (position) => {
          moved.push(position);
          if (position === 2n) reached();
        },
        lost: () => undefined,
      };
      expect(store.watchCheckpoint).toBeDefined();
      const stop = store.watchCheckpoint!('feed-contract', listener);
      await isLive;

      await store.commit([], { name: 'feed-contract', position: 1n });
      await store.commit([], { name: 'another-checkpoint', position: 9n });
      await store.commit([], { name: 'feed-contract', position: 2n });
      await second;
      stop();

      expect(moved).toEqual([1n, 2n]);
    });
  });
}
