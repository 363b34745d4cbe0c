import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { createApp } from '../bootstrap';
import { loadConfig } from '../config/config';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite-event-store';
import { Argon2PasswordHasher } from '../infrastructure/passwords/argon2-password-hasher';
import { lagging, latencies, type Latencies, SequentialClient, timed } from './bench-http';
import { signUpVerified } from './bench-sign-up';
import { boardsUnderLoad } from './boards.bench';
import { type CommunitySeed, planCommunity } from './community-seed';
import { alternate, type Measure, type Report } from './figures';
import { flushToDisk } from './flush-to-disk';
import { installLikeAnchor, likesAndThreads } from './likes-and-threads.bench';
import { communityFootprint } from './footprint.bench';
import { rebuildReadModels } from './rebuild.bench';
import { compressedAnswers } from './compressed-answers.bench';
import { builtFrontendWithRender, serverRenderedBoard } from './server-rendered.bench';

export interface CommunityBenchOptions {
  seed: number;
  users: number;
  posts: number;
  likes: number;
  ratings: number;
  /** Streams written per bulk-import transaction. */
  importChunk: number;
  connections: number;
  loadSeconds: number;
  warmUpSeconds: number;
  /** Sequential requests per search query and for the first-page anchor... */
  searchRequests: number;
  /** ...or fewer, when a query has taken this long (a slow search must not hold up the run). */
  searchBudgetMs: number;
  /**
   * Posts liked one after another for the like-until-seen figure, quiet and busy each: several
   * hundred per round, or a round's p99 is merely one of its slowest few samples (at 150 a
   * round, the rounds' ratios spread from 1.1 to 3.2 in one run).
   */
  likedPosts: number;
  /** Alternating rounds of the like-until-seen and thread figures. */
  likeRounds: number;
  /** Comments on the post whose thread is read, and reads of it per round. */
  threadComments: number;
  threadReads: number;
  /** Sequential reads of the server-rendered board (and of the static route) per round. */
  pageReads: number;
}

export const COMMUNITY_BENCH: CommunityBenchOptions = {
  seed: 20260105,
  users: 10_000,
  posts: 100_000,
  likes: 500_000,
  ratings: 500_000,
  importChunk: 250_000,
  connections: 64,
  loadSeconds: 10,
  warmUpSeconds: 2,
  searchRequests: 200,
  searchBudgetMs: 4000,
  likedPosts: 2000,
  likeRounds: 4,
  threadComments: 50,
  threadReads: 500,
  pageReads: 200,
};

/** Goals the figures are read against (printed, never asserted). */
const GOALS = {
  /**
   * A search that fills a page (24+ found): bound by the embedded store's scan, a floor that
   * shows a regression; and one that finds a few or none, a goal.
   */
  commonSearchVsFirstPage: 5,
  rareSearchVsFirstPage: 2,
  /** A board page, kept or computed after a write, beside the static JSON route. */
  boardPageVsStatic: 2,
};
/** Rounds in which each search and the first page take turns. */
const SEARCH_ROUNDS = 5;
const PAST_WEEKS = 3;

/**
 * The app's configuration on a bench data directory: loopback, any free port, and no frontend
 * unless its built folder is given.
 */
export function benchConfig(dataDir: string, frontendDir = join(dataDir, 'no-frontend')) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    FRONTEND_DIR: frontendDir,
    HOST: '127.0.0.1',
    PORT: '0',
    // One client likes and unlikes back to back, far past a person's limits.
    LIKE_LIMIT_PER_MINUTE: '100000',
    LIKE_LIMIT_PER_HOUR: '1000000',
    COMMENT_LIMIT_PER_MINUTE: '100000',
    COMMENT_LIMIT_PER_HOUR: '1000000',
    // The scrape tells when every subscriber (reactors too) has caught up with the log.
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  });
}

const BENCH_METRICS_TOKEN = 'bench-metrics-token-of-at-least-32-characters';

/**
 * The community at scale, through the real app on 127.0.0.1: a seeded log of users, posts,
 * likes and ratings is bulk-imported and projected, then the app starts on it, and each figure
 * is printed beside an anchor measured in the same run on the same server.
 */
export async function benchCommunity(
  report: Report,
  options: CommunityBenchOptions = COMMUNITY_BENCH,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-community-'));
  // With the built frontend, when there is one: its server-rendered board is measured too.
  const frontendDir = builtFrontendWithRender(join(__dirname, '../../..'));
  const config = benchConfig(dataDir, frontendDir ?? undefined);
  let app: NestExpressApplication | null = null;
  let client: SequentialClient | null = null;
  try {
    const seed = await seedLog(dataDir, options, report);
    // The OS would write the new gigabyte back while the next figures are measured.
    flushToDisk(dataDir);
    await rebuildReadModels(config, report);
    flushToDisk(dataDir);

    const starting = performance.now();
    app = await createApp(config);
    installLikeAnchor(app);
    await app.listen(config.port, '127.0.0.1');
    // How long the listening app holds its event loop while it catches up: a request waits
    // that long (and one on a kept-alive connection may find it closed by the keep-alive timer).
    const blocks = monitorEventLoopDelay({ resolution: 10 });
    blocks.enable();
    const port = portOf(app);
    client = new SequentialClient(port);
    const closedWeeks = await waitUntilCaughtUp(client);
    blocks.disable();
    report.figure(
      'app start on the seeded data, until caught up',
      { value: (performance.now() - starting) / 1000, unit: 's' },
      null,
      null,
      {
        'past weeks closed at start': closedWeeks,
        'longest event-loop block after listen s': blocks.max / 1e9,
        'health checks sent again': client.retries,
      },
    );

    await signUpVerified(client, 'liker');
    // The seeding and the rebuild ran in this process, before the app: a deployed app starts
    // without their garbage, so the loads start from a collected heap (when the section runs
    // with --expose-gc, as `npm run bench` runs it).
    (globalThis as { gc?: () => void }).gc?.();
    if (frontendDir) {
      await serverRenderedBoard(client, options.pageReads, report);
      await compressedAnswers(
        port,
        client,
        seed.postIds[1]!,
        frontendDir,
        options.pageReads,
        report,
      );
    } else {
      report.heading(
        'No built frontend: the server-rendered board and compressed answers are not measured.',
      );
    }
    const writer = new LikeToggler(client, seed.postIds[0]);
    await boardsUnderLoad(port, options, report, writer);
    await search(client, writer, seed, options, report);
    await likesAndThreads(
      client,
      port,
      seed,
      { ...options, rounds: options.likeRounds, connections: options.connections },
      report,
    );
    client.close();
    client = null;
    await app.close();
    app = null;
    await communityFootprint(dataDir, report);
  } finally {
    client?.close();
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function seedLog(
  dataDir: string,
  options: CommunityBenchOptions,
  report: Report,
): Promise<CommunitySeed> {
  const started = performance.now();
  // Every seeded account carries one real argon2id hash (nobody signs in as them).
  const passwordHash = await new Argon2PasswordHasher({ memoryCost: 64 }).hash('bench password');
  const seed = planCommunity({
    seed: options.seed,
    users: options.users,
    posts: options.posts,
    likes: options.likes,
    ratings: options.ratings,
    now: new Date(),
    pastWeeks: PAST_WEEKS,
    currentWeekShare: 0.3,
    displayNameShare: 0.2,
    passwordHash,
  });
  const planned = performance.now();
  const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
  try {
    const streams = seed.streams();
    let events = 0;
    for (;;) {
      const result = await store.importEvents(take(streams, options.importChunk));
      if (result.streams === 0) break;
      events += result.events;
    }
    if (events !== seed.eventCount) {
      throw new Error(`Seeded ${events} events, planned ${seed.eventCount}`);
    }
  } finally {
    await store.close();
  }
  const ms = performance.now() - started;
  report.figure(
    `community log: ${options.users} users, ${options.posts} posts, ${options.likes + options.ratings} likes+ratings, bulk import`,
    { value: rate(seed.eventCount, performance.now() - planned), unit: 'events/s' },
    null,
    null,
    {
      events: seed.eventCount,
      'seconds in all': ms / 1000,
      'plan seconds': (planned - started) / 1000,
    },
  );
  return seed;
}

/**
 * Until the read models hold the whole log, the past weeks are closed and every subscriber is at
 * the log's head; answers how many weeks are closed.
 */
async function waitUntilCaughtUp(client: SequentialClient): Promise<number> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const health = await client.json<{ log: string | null; projected: string | null }>(
      'GET',
      '/api/health',
    );
    const weeks = await client.json<unknown[]>('GET', '/api/leaderboard/weeks');
    const behind = await subscribersBehind(client);
    if (health.log === health.projected && weeks.length >= PAST_WEEKS && behind.length === 0) {
      return weeks.length;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Not caught up after 300 s: log ${health.log}, projected ${health.projected}, ${weeks.length} weeks closed, behind: ${behind.join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The subscribers (projections and reactors) still behind the log's head, from the metrics: a
 * reactor catching up after a start (the payment fulfilment reads the whole log when the read
 * models hold no checkpoint of its own) shares the server with whatever is measured meanwhile.
 */
async function subscribersBehind(client: SequentialClient): Promise<string[]> {
  const scrape = await client.send('GET', '/metrics', undefined, {
    Authorization: `Bearer ${BENCH_METRICS_TOKEN}`,
  });
  if (scrape.status !== 200) throw new Error(`GET /metrics answered ${scrape.status}`);
  return lagging(scrape.body);
}

/**
 * Likes and unlikes one post: each toggle is projected, so the read models move and every
 * board page the server keeps is computed afresh on its next request.
 */
class LikeToggler {
  private liked = false;
  toggles = 0;

  constructor(
    private readonly client: SequentialClient,
    private readonly postId: string,
  ) {}

  async toggle(): Promise<void> {
    this.liked = !this.liked;
    await this.client.json(this.liked ? 'POST' : 'DELETE', `/api/posts/${this.postId}/like`);
    this.toggles += 1;
  }

  /** Toggles back to back until the returned stop is called; it answers toggles per second. */
  start(): () => Promise<number> {
    let running = true;
    const started = performance.now();
    const first = this.toggles;
    const loop = (async () => {
      while (running) await this.toggle();
    })();
    return async () => {
      running = false;
      await loop;
      return ((this.toggles - first) / (performance.now() - started)) * 1000;
    };
  }
}

async function search(
  client: SequentialClient,
  writer: LikeToggler,
  seed: CommunitySeed,
  options: CommunityBenchOptions,
  report: Report,
) {
  // Every timed request follows a like (not timed), so the page is computed, not kept. Each
  // query and the first page (its anchor) take turns, round after round.
  const perRound = Math.max(1, Math.ceil(options.searchRequests / SEARCH_ROUNDS));
  const budgetMs = options.searchBudgetMs / SEARCH_ROUNDS;
  // `by`: the writer before each request (null: none, the page as kept).
  const p50 = async (path: string, samples: number[], by: LikeToggler | null = writer) => {
    const round = await sequential(client, path, perRound, budgetMs, by);
    samples.push(...round);
    return latencies(round).p50;
  };
  const anchor: Measure = {
    name: 'GET /api/posts first page, sequential, each after a write, p50',
    value: 0,
    unit: 'ms',
  };

  await boardPages(writer, report, p50);

  // Parts of usernames from the seeded users: a common word, a rarer pair, one whole name, a
  // part of display names, and a miss.
  const someone = seed.users[Math.floor(seed.users.length / 2)];
  const queries = [
    someone.anonymousUsername
      .replace(/^[A-Z][a-z]+/, '')
      .replace(/\d+$/, '')
      .toLowerCase(),
    someone.anonymousUsername.replace(/\d+$/, ''),
    someone.anonymousUsername,
    'barefoot',
    'nobody-is-called-this',
  ];
  for (const q of queries) {
    const path = `/api/posts?q=${encodeURIComponent(q)}`;
    const found = await client.json<unknown[]>('GET', path);
    const common = found.length === 24;
    const samples: number[] = [];
    const rounds = await alternate(
      SEARCH_ROUNDS,
      () => p50(path, samples),
      () => p50('/api/posts', []),
    );
    report.figure(
      `GET /api/posts?q=${q} (${found.length}${common ? '+' : ''} found), p50`,
      { rounds, unit: 'ms' },
      anchor,
      common
        ? { ratioAtMost: GOALS.commonSearchVsFirstPage, floor: true }
        : { ratioAtMost: GOALS.rareSearchVsFirstPage },
      msDetails(latencies(samples)),
    );
  }
}

/**
 * The first board page read one request at a time, as the server keeps it and computed after a
 * write (a like, not timed, before each request), each beside the static JSON route.
 */
async function boardPages(
  writer: LikeToggler,
  report: Report,
  p50: (path: string, samples: number[], by: LikeToggler | null) => Promise<number>,
) {
  const anchor: Measure = {
    name: 'GET /api/health/live (a static JSON route of the same server), sequential, p50',
    value: 0,
    unit: 'ms',
  };
  for (const [label, pageWriter] of [
    ['as kept', null],
    ['each after a write', writer],
  ] as const) {
    const samples: number[] = [];
    const rounds = await alternate(
      SEARCH_ROUNDS,
      () => p50('/api/posts', samples, pageWriter),
      () => p50('/api/health/live', [], null),
    );
    report.figure(
      `GET /api/posts first page, sequential, ${label}, p50`,
      { rounds, unit: 'ms' },
      anchor,
      { ratioAtMost: GOALS.boardPageVsStatic },
      msDetails(latencies(samples)),
    );
  }
}

/**
 * `count` GETs one after another, or as many as fit in `budgetMs`; with a `writer`, each after
 * a like (not timed), so that the server computes the answer instead of sending a kept one.
 */
async function sequential(
  client: SequentialClient,
  path: string,
  count: number,
  budgetMs: number,
  writer: LikeToggler | null = null,
): Promise<number[]> {
  await client.json('GET', path); // warm
  const deadline = performance.now() + budgetMs;
  const samples: number[] = [];
  while (samples.length < count && performance.now() < deadline) {
    await writer?.toggle();
    // Read and dropped: the client runs in the server's process (see SequentialClient.read).
    samples.push(await timed(() => client.read(path)));
  }
  return samples;
}

/** At most `count` items of `iterator`, leaving the rest in it. */
function* take<T>(iterator: Iterator<T>, count: number): Generator<T> {
  for (let i = 0; i < count; i += 1) {
    const next = iterator.next();
    if (next.done) return;
    yield next.value;
  }
}

function portOf(app: NestExpressApplication): number {
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening');
  return address.port;
}

function msDetails(figures: Latencies): Record<string, number> {
  return { 'p50 ms': figures.p50, 'p99 ms': figures.p99, requests: figures.count };
}

function rate(count: number, elapsedMs: number): number {
  return Math.round((count / elapsedMs) * 1000);
}
