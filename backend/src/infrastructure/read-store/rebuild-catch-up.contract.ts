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
    it('given a rebuild of more documents than one write of the file while serving, when swapped in while serving, then reads see the live set alone until the swap and the new set alone after it, and other collections are untouched', async () => {
      const others = `others_${tallies}`;
      await store.commit([{ kind: 'upsert', collection: others, document: tally('kept', 7) }], {
        name: `others-${tallies}`,
        position: 3n,
      });
      await store.beginRebuild([{ collection: tallies, indexes: [{ keys: { count: -1 } }] }]);
      const count = 1_234;
      await store.writeRebuild(
        Array.from({ length: count }, (_, n) => ({
          kind: 'upsert' as const,
          collection: tallies,
          document: tally(`n${String(n).padStart(5, '0')}`, n),
        })),
      );
      // The live projection goes on meanwhile; the catch-up brings the copy to the same events.
      await store.commit(
        [{ kind: 'upsert', collection: tallies, document: tally('live', 2) }],
        checkpoint(5n),
      );
      await store.writeRebuild([
        { kind: 'upsert', collection: tallies, document: tally('live', 2) },
      ]);
      expect(await store.count(tallies, {})).toBe(1);

      await store.swapIn([tallies], [checkpoint(9n)]);

      expect(await store.count(tallies, {})).toBe(count + 1);
      const [top] = await store.find(tallies, {}, { sort: { count: -1 }, limit: 1 });
      expect(top).toEqual(tally(`n${String(count - 1).padStart(5, '0')}`, count - 1));
      expect(await store.findOne(tallies, { _id: 'live' })).toEqual(tally('live', 2));
      expect(await store.find(others, {})).toEqual([tally('kept', 7)]);
      expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(9n);
      expect(await store.getCheckpoint(`others-${tallies}`)).toBe(3n);
    });

    it('given a rebuild abandoned, when a new one is begun and swapped in while serving, then the live set was untouched and the new copy starts empty', async () => {
      await store.beginRebuild([{ collection: tallies, indexes: [] }]);
      await store.writeRebuild([
        { kind: 'upsert', collection: tallies, document: tally('gone', 1) },
      ]);
      await store.abandonRebuild([tallies]);
      expect(await store.find(tallies, {})).toEqual([tally('live', 1)]);
      expect(await store.getCheckpoint(checkpoint(0n).name)).toBe(4n);

      await store.beginRebuild([{ collection: tallies, indexes: [] }]);
      expect(await store.readRebuilt(tallies, ['gone'])).toEqual(new Map([['gone', null]]));
      await store.writeRebuild([
        { kind: 'upsert', collection: tallies, document: tally('new', 2) },
      ]);
      await store.swapIn([tallies], [checkpoint(6n)]);
      expect(await store.find(tallies, {})).toEqual([tally('new', 2)]);
    });
  });
}
