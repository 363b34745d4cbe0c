import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedReadStore } from '../infrastructure/read-store/embedded-read-store';
import type { ReadDocument, Sort } from '../application/ports/read-store.port';

export interface ReadStoreBench {
  posts: number;
  indexes: number;
  /** Sorting the stored posts into every index once, as a restart does. */
  buildMs: number;
  /** First board page through the index, median ms. */
  walkMs: number;
  /** The same page by a scan and a sort (the filter written so no index applies), median ms. */
  scanMs: number;
  /** A commit that moves one post in the indexes, with its file write, mean ms. */
  movingCommitMs: number;
  /** A commit of one post whose index keys stay the same, with its file write, mean ms. */
  inPlaceCommitMs: number;
}

const RECENT: Sort = { boostRank: -1, createdAt: -1 };
const TOP: Sort = { boostRank: -1, averageRating: -1, voteCount: -1, createdAt: 1 };
const INDEXES = [
  { keys: { listed: 1, ...RECENT } as Sort },
  { keys: { listed: 1, ...TOP } as Sort },
  { keys: { listed: 1, week: 1, averageRating: -1, voteCount: -1, createdAt: 1 } as Sort },
  { keys: { authorId: 1, createdAt: -1 } as Sort },
  { keys: { contentHash: 1 } as Sort },
];
const PAGE = 24;

/**
 * The embedded read store with a board's indexes over `count` posts: what building the indexes
 * at a restart costs, the first page of the top board walked through its index against the same
 * page found by a scan and a sort, and what an indexed commit costs against one that leaves
 * every index key as it was.
 */
export async function benchReadStore(count = 100_000): Promise<ReadStoreBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const store = new EmbeddedReadStore(join(dir, 'read-models.sqlite'));
  try {
    const posts = Array.from({ length: count }, (_, i) => boardPost(i));
    for (let from = 0; from < count; from += 5000) {
      await store.commit(
        posts
          .slice(from, from + 5000)
          .map((document) => ({ kind: 'upsert', collection: 'posts', document })),
        { name: 'bench', position: BigInt(from + 1) },
      );
    }
    await fileWritten();
    let position = BigInt(count + 1);
    const building = performance.now();
    await store.ensureIndexes('posts', INDEXES);
    const buildMs = performance.now() - building;

    const walked = await store.find('posts', { listed: true }, { sort: TOP, limit: PAGE });
    const scanned = await store.find(
      'posts',
      { listed: { $eq: true } },
      { sort: TOP, limit: PAGE },
    );
    // Also the warm-up of both ways.
    if (JSON.stringify(walked) !== JSON.stringify(scanned)) {
      throw new Error('The index walk and the scan disagree on the first page');
    }
    const walkMs = await median(200, () =>
      store.find('posts', { listed: true }, { sort: TOP, limit: PAGE }),
    );
    const scanMs = await median(3, () =>
      store.find('posts', { listed: { $eq: true } }, { sort: TOP, limit: PAGE }),
    );

    // The store writes its file on the turn after a commit: each is timed with its write.
    const commitOne = async (document: ReadDocument) => {
      await store.commit([{ kind: 'upsert', collection: 'posts', document }], {
        name: 'bench',
        position: (position += 1n),
      });
      await fileWritten();
    };
    const rounds = 300;
    const movingCommitMs = await mean(rounds, (round) => {
      const post = posts[(round * 7919) % count];
      // A new community rating moves the post on the top and weekly boards.
      return commitOne({ ...post, averageRating: (round % 100) / 10, voteCount: round });
    });
    const inPlaceCommitMs = await mean(rounds, (round) => {
      const post = posts[(round * 7919 + 1) % count];
      return commitOne({ ...post, likesCount: round });
    });
    return {
      posts: count,
      indexes: INDEXES.length,
      buildMs,
      walkMs,
      scanMs,
      movingCommitMs,
      inPlaceCommitMs,
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seeded so every run measures the same board: a few boosted posts, many equal ratings. */
function boardPost(i: number): ReadDocument {
  const rated = i % 3 !== 0;
  return {
    _id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    authorId: `user-${i % 5000}`,
    listed: i % 50 !== 0,
    boostRank: i % 997 === 0 ? 1 : 0,
    averageRating: rated ? ((i * 37) % 91) / 10 : null,
    voteCount: rated ? (i * 13) % 40 : 0,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    week: `2026-W${String(1 + Math.floor(i / 10_080)).padStart(2, '0')}`,
    contentHash: i.toString(16).padStart(64, '0'),
    likesCount: 0,
    commentsCount: 0,
  };
}

/** After the turn on which the store writes its file what was committed before. */
function fileWritten(): Promise<unknown> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function median(runs: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

async function mean(runs: number, run: (round: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let round = 0; round < runs; round += 1) await run(round);
  return (performance.now() - started) / runs;
}
