import { randomUUID } from 'node:crypto';
import type { ReadModelWrite, ReadStore } from '../../application/ports/read-store.port';
import type { RecordedEvent } from '../../domain/shared/event';
import { anonymousUsernameFor } from '../../domain/user/anonymous-username';
import { nameContains, nameSearchFilter, searchedText } from '../../projections/users/name-grams';
import { type UserDocument, usersProjection } from '../../projections/users/users.projection';

/**
 * The name search through the names' pieces and their index answers exactly what the
 * "contains" over every account answered, on both adapters, as names are set, changed and
 * erased, and after a rebuild.
 */
export function describeNameSearchContract(
  adapterName: string,
  create: () => Promise<ReadStore>,
  dispose: (store: ReadStore) => Promise<void> = (store) => store.close(),
): void {
  describe(`name search through the names' pieces: ${adapterName}`, () => {
    let store: ReadStore;
    let users: string;
    let position = 0n;
    const documents = new Map<string, UserDocument>();

    /** Projects the events as the users projection does and commits the result. */
    async function project(events: [string, string, Record<string, unknown>][]) {
      const writes: ReadModelWrite[] = [];
      for (const [type, userId, data] of events) {
        position += 1n;
        const recorded = {
          type,
          data: { userId, ...data },
          metadata: { at: '2026-01-05T10:00:00.000Z' },
        } as unknown as RecordedEvent;
        const next = usersProjection.apply(documents.get(userId) ?? null, recorded);
        if (next) documents.set(userId, next);
        else documents.delete(userId);
        writes.push(
          next
            ? { kind: 'upsert', collection: users, document: next }
            : { kind: 'delete', collection: users, id: userId },
        );
      }
      await store.commit(writes, { name: `names-${users}`, position });
    }

    async function ids(filter: Record<string, unknown>): Promise<string[]> {
      const found = await store.find(users, filter);
      return found.map((user) => user._id).sort();
    }

    /** Each search answers what the scan answers; how many searches found someone. */
    async function expectSameAsScan(searches: readonly string[]): Promise<number> {
      let finding = 0;
      for (const search of searches) {
        const expected = await ids(nameContains(searchedText(search)));
        expect({ search, found: await ids(nameSearchFilter(search)) }).toEqual({
          search,
          found: expected,
        });
        if (expected.length > 0) finding += 1;
      }
      return finding;
    }

    beforeEach(async () => {
      store = await create();
      users = `users_${randomUUID().replace(/-/g, '')}`;
      documents.clear();
      await store.ensureIndexes(users, usersProjection.indexes ?? []);
      const registered = ANONYMOUS_SEEDS.map(
        (seed, i) =>
          ['UserRegistered', `u${i}`, { anonymousUsername: anonymousUsernameFor(seed) }] as [
            string,
            string,
            Record<string, unknown>,
          ],
      );
      const named = DISPLAY_NAMES.map(
        (displayUsername, i) =>
          ['ProfileUpdated', `u${i}`, { displayUsername }] as [
            string,
            string,
            Record<string, unknown>,
          ],
      );
      await project([...registered, ...named]);
    });
    afterEach(async () => {
      await dispose(store);
    });

    it('finds the accounts the scan finds, for every kind of search', async () => {
      const finding = await expectSameAsScan(searches([...documents.values()]));
      // Most searches are parts of names: they must find someone, or the comparison proves little.
      expect(finding).toBeGreaterThan(100);
      expect(await ids(nameSearchFilter('pelican'))).not.toEqual([]);
    });

    it('follows names changed and accounts erased after they were indexed', async () => {
      const before = searches([...documents.values()]);
      const renamed = DISPLAY_NAMES.length - 1;
      await project([
        ['ProfileUpdated', 'u0', { displayUsername: 'Renamed.Runner' }],
        ['ProfileUpdated', 'u1', { displayUsername: null }],
        ['AccountErased', 'u2', {}],
        ['ProfileUpdated', `u${renamed}`, { displayUsername: 'ZZtop' }],
      ]);
      expect(await ids(nameSearchFilter(DISPLAY_NAMES[0]!))).not.toContain('u0');
      expect(await ids(nameSearchFilter('renamed.r'))).toEqual(['u0']);
      expect(await ids(nameSearchFilter(DISPLAY_NAMES[2]!))).not.toContain('u2');
      await expectSameAsScan([...before, ...searches([...documents.values()])]);
    });

    it('answers the same after a rebuild into the emptied read models', async () => {
      const all = [...documents.values()];
      await store.dropReadModels();
      expect(await ids(nameSearchFilter('pelican'))).toEqual([]);
      await store.commit(
        all.map((document) => ({ kind: 'upsert', collection: users, document })),
        { name: `names-${users}`, position: position + 1n },
        { bulk: true },
      );
      expect(await expectSameAsScan(searches(all))).toBeGreaterThan(100);
    });
  });
}

const ANONYMOUS_SEEDS = Array.from({ length: 120 }, (_, i) => i * 7919 + 1524);

/** Display names of the kinds the rules allow, and a few no rule allows any more. */
const DISPLAY_NAMES = [
  'BarefootBob',
  'barefoot_runner',
  'a.b-c',
  'X',
  'xy',
  'PEPPY.pelican',
  'dot..dot',
  '__under__',
  '-dash-',
  '123456',
  'Straße',
  'İstanbul',
  'ſtar',
  '\u212Aelvin',
  'feet😀feet',
  '(paren)[brack]',
  'a+b*c?d',
  '^start$end',
  'back\\slash',
  'pipe|pipe',
];

/** Parts of the names (every length, any case) and searches around them. */
function searches(documents: readonly UserDocument[]): string[] {
  const found = new Set<string>(EDGE_SEARCHES);
  documents.forEach((user, i) => {
    for (const name of [user.anonymousUsername, user.displayUsername]) {
      if (!name) continue;
      const start = i % name.length;
      for (const length of [1, 2, 3, 4, 7, name.length]) {
        const part = name.slice(start, start + length);
        found.add(part);
        found.add(i % 2 === 0 ? part.toUpperCase() : part.toLowerCase());
      }
      found.add(name);
    }
  });
  return [...found];
}

const EDGE_SEARCHES = [
  'a',
  'A',
  'z',
  '.',
  '..',
  '-',
  '_',
  '*',
  '(',
  '[',
  '\\',
  '^',
  '$',
  '+',
  '?',
  '|',
  '.*',
  'a b',
  ' ',
  'ss',
  'SS',
  'STRASSE',
  'i',
  'I',
  'istanbul',
  's',
  'STAR',
  'k',
  'kelvin',
  '😀',
  '\ud83d',
  '\ude00fe',
  'feet\ud83d',
  '😀f',
  'x'.repeat(99) + '😀',
  'nobody-is-called-this',
  'pelican',
  'Pelican',
  'PEPPYPELICAN',
  'x'.repeat(150),
  'barefoot'.repeat(13) + 'bob',
];
