import { randomUUID } from 'node:crypto';
import type { ReadDocument, ReadStore } from '../../application/ports/read-store.port';

/**
 * An online rebuild's catch-up (`readRebuilt` over `writeRebuild`), which every read store
 * adapter must show. Collections get unique names so the suite also runs on a shared server.
 */
export function describeRebuildCatchUpContract(
  adapterName: string,
  create: () => Promise<ReadStore>,
  dispose: (store: ReadStore) => Promise<void> = (store) => store.close(),
): void {
  describe(`rebuild catch-up contract: ${adapterName}`, () => {
    let store: ReadStore;
    let tallies: string;
    const checkpoint = (position: bigint) => ({ name: `catch-up-${tallies}`, position });
    const tally = (id: string, count: number): ReadDocument => ({ _id: id, count });

    beforeEach(async () => {
      store = await create();
      tallies = `tallies_${randomUUID().slice(0, 8)}`;
      await store.commit(
        [{ kind: 'upsert', collection: tallies, document: tally('live', 1) }],
        checkpoint(4n),
      );
    });
    afterEach(() => dispose(store));

    it('given a rebuild written and then changed, when its copy is read, then it answers each document as last written, null for none, and the live ones are untouched', async () => {
      await store.beginRebuild([{ collection: tallies, indexes: [{ keys: { count: -1 } }] }]);
      await store.writeRebuild([
        { kind: 'upsert', collection: tallies, document: tally('a', 1) },
        { kind: 'upsert', collection: tallies, document: tally('b', 2) },
      ]);
      expect(await store.readRebuilt(tallies, ['a', 'b', 'none'])).toEqual(
        new Map([
          ['a', tally('a', 1)],
          ['b', tally('b', 2)],
          ['none', null],
        ]),
      );

      // The catch-up's writes, read back by the next page of it.
      await store.writeRebuild([
        { kind: 'upsert', collection: tallies, document: tally('a', 5) },
        { kind: 'delete', collection: tallies, id: 'b' },
        { kind: 'upsert', collection: tallies, document: tally('c', 3) },
      ]);
      expect(await store.readRebuilt(tallies, ['a', 'b', 'c'])).toEqual(
        new Map<string, ReadDocument | null>([
          ['a', tally('a', 5)],
          ['b', null],
          ['c', tally('c', 3)],
        ]),
      );
      expect(await store.find(tallies, {})).toEqual([tally('live', 1)]);

      await store.swapIn([tallies], [checkpoint(9n)]);
      expect(await store.find(tallies, {}, { sort: { count: -1 } })).toEqual([
        tally('a', 5),
        tally('c', 3),
      ]);
      expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(9n);
    });
  });
}
