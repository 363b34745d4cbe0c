import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { latencies, type SequentialClient } from './bench-http';
import { alternate, type Measure, type Report } from './figures';

/** The server-rendered board's time to first byte against the static JSON route's (issue 58). */
const TTFB_VS_ANCHOR = 2;
/** Alternating rounds of the page and the static route. */
const ROUNDS = 6;

/** What a browser sends with a page request: the page is compressed as it would be for one. */
const BROWSER_HEADERS = {
  Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'Accept-Encoding': 'gzip, deflate, br',
};

/** A page the server rendered carries the query cache it was drawn from (withRenderedPage). */
const RENDERED_MARK = 'id="server-state"';

/**
 * The built frontend's folder when it holds the server's render bundle (`npx nx run-many -t
 * build`), or null: without one there is no server-rendered page to measure.
 */
export function builtFrontendWithRender(root: string): string | null {
  const dir = join(root, 'frontend/dist');
  return existsSync(join(dir, '.ssr', 'entry-server.cjs')) ? dir : null;
}

/**
 * Time to first byte of the server-rendered board, `GET /leaderboard`, beside
 * `GET /api/health/live`, sequential on one kept-alive connection in alternating rounds. Two
 * figures: the page as kept (the same address, answered by the page cache while the log does not
 * move), and rendered on every request (a new address each time; the board's read behind it is
 * kept as between two visitors).
 */
export async function serverRenderedBoard(
  client: SequentialClient,
  requestsPerRound: number,
  report: Report,
): Promise<void> {
  await mustBeRendered(client, '/leaderboard');
  await mustBeRendered(client, '/leaderboard?bench=0');
  const anchor: Measure = {
    name: 'GET /api/health/live (a static JSON route of the same server), sequential, TTFB p50',
    value: 0,
    unit: 'ms',
  };
  const static_ = () => firstBytes(client, () => '/api/health/live', requestsPerRound);
  let fresh = 0;
  const series = [
    {
      name: 'GET /leaderboard, server-rendered page as kept (same address), sequential, TTFB p50',
      path: () => '/leaderboard',
    },
    {
      name: 'GET /leaderboard?bench=N, rendered on each request (a new address each time), sequential, TTFB p50',
      path: () => `/leaderboard?bench=${++fresh}`,
    },
  ];
  for (const { name, path } of series) {
    const samples: number[] = [];
    const rounds = await alternate(
      ROUNDS,
      async () => {
        const round = await firstBytes(client, path, requestsPerRound);
        samples.push(...round);
        return latencies(round).p50;
      },
      async () => latencies(await static_()).p50,
    );
    const all = latencies(samples);
    report.figure(
      name,
      { rounds, unit: 'ms' },
      anchor,
      { ratioAtMost: TTFB_VS_ANCHOR },
      { 'p50 ms': all.p50, 'p99 ms': all.p99, requests: all.count },
    );
  }
}

/** Each request's time to first byte, one after another (after one request not timed). */
async function firstBytes(
  client: SequentialClient,
  path: () => string,
  count: number,
): Promise<number[]> {
  await answered(client, path());
  const samples: number[] = [];
  for (let i = 0; i < count; i++) samples.push((await answered(client, path())).firstByteMs);
  return samples;
}

async function answered(client: SequentialClient, path: string) {
  const answer = await client.send('GET', path, undefined, BROWSER_HEADERS, false);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  return answer;
}

/** Fails unless `path` answers a page the server rendered (not the app's empty page). */
async function mustBeRendered(client: SequentialClient, path: string): Promise<void> {
  const answer = await client.send('GET', path, undefined, { Accept: 'text/html' });
  if (answer.status !== 200 || !answer.body.includes(RENDERED_MARK)) {
    throw new Error(`GET ${path} answered ${answer.status} without a server-rendered page`);
  }
}
