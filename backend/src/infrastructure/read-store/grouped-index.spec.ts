import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadDocument, ReadModelWrite } from '../../application/ports/read-store.port';
import type { IndexSpec } from '../../projections/read-model';
import { EmbeddedReadStore } from './embedded-read-store';
import { seededRandom } from '../../../test/support/seeded-random';
import { GroupedIndex } from './grouped-index';
import type { IndexWalk } from './sorted-index';

const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'grouped-'));
  dirs.push(dir);
  return join(dir, 'read-models.sqlite');
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
afterEach(() => jest.restoreAllMocks());

const board = { boost: -1, createdAt: -1 } as const;
const grouped: IndexSpec = { keys: { authorId: 1, listed: 1, ...board }, grouped: true };
const post = (id: string, authorId: unknown, boost: number, day: number, listed = true) => ({
  _id: id,
  authorId,
  listed,
  boost,
  createdAt: `2026-01-${String(day).padStart(2, '0')}`,
});
const upserts = (documents: readonly ReturnType<typeof post>[]): ReadModelWrite[] =>
  documents.map((document) => ({ kind: 'upsert', collection: 'posts', document }));
/** Whether some query since the spy was set merged the walks of a grouped index. */
const merged = (walksOf: jest.SpyInstance) => walksOf.mock.results.some((r) => r.value !== null);
const searchPage = (store: EmbeddedReadStore, authors: unknown[], limit = 3) =>
  store
    .find('posts', { listed: true, authorId: { $in: authors } }, { sort: board, limit })
    .then((found) => found.map((doc) => doc._id));

describe('grouped index', () => {
  it('answers a search page by merging its authors’ walks, through changes and a restart', async () => {
    const file = tempFile();
    const first = new EmbeddedReadStore(file);
    await first.ensureIndexes('posts', [grouped]);
    await first.commit(
      upserts([
        post('a1', 'ann', 0, 1),
        post('a2', 'ann', 0, 5),
        post('b1', 'bob', 2, 2),
        post('b2', 'bob', 0, 4, false),
        post('c1', 'cy', 0, 3),
        post('d1', 'dee', 0, 9),
      ]),
      { name: 'main', position: 1n },
    );
    const walksOf = jest.spyOn(GroupedIndex.prototype, 'walksOf');
    expect(await searchPage(first, ['ann', 'bob', 'cy', 'nobody'])).toEqual(['b1', 'a2', 'c1']);
    expect(merged(walksOf)).toBe(true);
    // Each walk guarantees its group's author and the listed prefix: neither is tested again.
    const walks = walksOf.mock.results[0].value as IndexWalk<ReadDocument>[];
    expect(walks.map((walk) => walk.coveredFields)).toEqual(Array(3).fill(['authorId', 'listed']));

    // A post that changes author moves between groups; a deleted one leaves its group.
    await first.commit(
      [
        ...upserts([post('d1', 'cy', 0, 9), post('b2', 'bob', 0, 4)]),
        { kind: 'delete', collection: 'posts', id: 'b1' },
      ],
      { name: 'main', position: 2n },
    );
    expect(await searchPage(first, ['ann', 'bob', 'cy'], 4)).toEqual(['d1', 'a2', 'b2', 'c1']);
    await first.close();

    const second = new EmbeddedReadStore(file);
    walksOf.mockClear();
    const after = { boost: 0, createdAt: '2026-01-05', _id: 'a2' };
    const next = await second.find(
      'posts',
      { listed: true, authorId: { $in: ['ann', 'bob', 'cy'] } },
      { sort: board, after, limit: 2 },
    );
    expect(next.map((doc) => doc._id)).toEqual(['b2', 'c1']);
    expect(merged(walksOf)).toBe(true);
    await second.close();
  });

  it('merges pages, and the pages after them, as a sort of the whole would give them', async () => {
    const random = seededRandom(41);
    const store = new EmbeddedReadStore(':memory:');
    await store.ensureIndexes('posts', [grouped]);
    const authors = Array.from({ length: 300 }, (_, i) => `author-${i}`);
    // Few boosts and days, so that posts tie on the sort and their ids decide.
    const posts = Array.from({ length: 1500 }, (_, i) =>
      post(
        `p${String(i).padStart(4, '0')}`,
        authors[Math.floor(random() * authors.length)],
        Math.floor(random() * 3),
        1 + Math.floor(random() * 9),
        random() < 0.9,
      ),
    );
    await store.commit(upserts(posts), { name: 'main', position: 1n });
    const byBoard = (a: ReturnType<typeof post>, b: ReturnType<typeof post>) =>
      b.boost - a.boost || b.createdAt.localeCompare(a.createdAt) || a._id.localeCompare(b._id);
    const walksOf = jest.spyOn(GroupedIndex.prototype, 'walksOf');
    // Counts and page sizes for which a merge reads less than the board's walk.
    for (const [count, limit] of [
      [12, 5],
      [20, 10],
      [30, 24],
      [8, 50],
    ] as const) {
      const from = Math.floor(random() * authors.length);
      const chosen = Array.from({ length: count }, (_, i) => authors[(from + 7 * i) % 300]!);
      const expected = posts
        .filter((p) => p.listed && chosen.includes(p.authorId as string))
        .sort(byBoard)
        .map((p) => p._id);
      walksOf.mockClear();
      const page = await searchPage(store, chosen, limit);
      expect({ count, limit, page }).toEqual({ count, limit, page: expected.slice(0, limit) });
      expect(merged(walksOf)).toBe(true);
      // The next page, from the last post shown.
      const last = posts.find((p) => p._id === page.at(-1))!;
      const after = { boost: last.boost, createdAt: last.createdAt, _id: last._id };
      const next = await store.find(
        'posts',
        { listed: true, authorId: { $in: chosen } },
        { sort: board, after, limit },
      );
      expect(next.map((doc) => doc._id)).toEqual(expected.slice(limit, 2 * limit));
    }
    await store.close();
  });

  it('gives the merge up for a long list of values that hold most of the collection', async () => {
    const store = new EmbeddedReadStore(tempFile());
    await store.ensureIndexes('posts', [grouped, { keys: { listed: 1, ...board } }]);
    const authors = Array.from({ length: 60 }, (_, i) => `u${i}`);
    const posts = authors.flatMap((author, i) =>
      Array.from({ length: 20 }, (_, j) => post(`${author}-${j}`, author, 0, 1 + ((i + j) % 28))),
    );
    await store.commit(upserts(posts), { name: 'main', position: 1n });
    const walksOf = jest.spyOn(GroupedIndex.prototype, 'walksOf');

    // Sixty values holding the whole collection: walking the board finds a page sooner.
    const page = await searchPage(store, authors, 5);
    expect(walksOf).toHaveBeenCalled();
    expect(merged(walksOf)).toBe(false);
    const expected = [...posts]
      .sort(
        (a, b) =>
          (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1) ||
          (a._id < b._id ? -1 : 1),
      )
      .slice(0, 5)
      .map((doc) => doc._id);
    expect(page).toEqual(expected);

    // Three of them, a twentieth of it: merged.
    walksOf.mockClear();
    expect(await searchPage(store, ['u1', 'u2', 'u3'], 2)).toEqual(['u3-19', 'u2-19']);
    expect(merged(walksOf)).toBe(true);
    await store.close();
  });

  it('answers no query while a document’s first key holds an array, and the same results', async () => {
    const store = new EmbeddedReadStore(tempFile());
    await store.ensureIndexes('posts', [grouped]);
    await store.commit(
      upserts([post('a1', 'ann', 0, 1), post('x', ['ann', 'bob'], 0, 2), post('b1', 'bob', 0, 3)]),
      { name: 'main', position: 1n },
    );
    const walksOf = jest.spyOn(GroupedIndex.prototype, 'walksOf');
    expect(await searchPage(store, ['ann'])).toEqual(['x', 'a1']);
    expect(merged(walksOf)).toBe(false);

    await store.commit([{ kind: 'delete', collection: 'posts', id: 'x' }], {
      name: 'main',
      position: 2n,
    });
    walksOf.mockClear();
    expect(await searchPage(store, ['ann', 'bob'])).toEqual(['b1', 'a1']);
    expect(merged(walksOf)).toBe(true);
    await store.close();
  });
});
