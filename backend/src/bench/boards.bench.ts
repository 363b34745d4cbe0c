import { load, type Load } from './bench-http';
import { alternate, median, type Measure, type Report } from './figures';

/** Goals of the board figures (printed, never asserted). */
const GOALS = {
  /** Board throughput, quiet, against the static route's. */
  throughputVsAnchor: 0.85,
  /** The same while likes are written: bound by the machine, a floor that shows a regression. */
  throughputWhileLikingFloor: 0.7,
  /** A board's p99 against the static route's p99 in the same round. */
  p99VsAnchor: 1.2,
};

/** Rounds of board load and static-route load, alternating. */
const ROUNDS = 4;

export interface BoardLoadOptions {
  posts: number;
  connections: number;
  loadSeconds: number;
  warmUpSeconds: number;
}

/** Something writing likes back to back until the returned stop: it answers likes per second. */
export interface LikeWriter {
  start(): () => Promise<number>;
}

/**
 * The two boards under 64 connections, quiet and while one client likes and unlikes back to
 * back (each projected like moves the read models, so every kept page is read again on its next
 * request). Each is measured in alternating rounds with the static route, and gives two figures:
 * its throughput beside the static route's, and its p99 beside the static route's p99 in the same
 * round.
 */
export async function boardsUnderLoad(
  port: number,
  options: BoardLoadOptions,
  report: Report,
  writer: LikeWriter,
): Promise<void> {
  const { connections } = options;
  // Each load runs half the load time, as the rounds add up to more than one load.
  const loadOptions = {
    connections,
    seconds: Math.max(2, Math.round(options.loadSeconds / 2)),
    warmUpSeconds: 0,
  };
  const anchorName = `GET /api/health/live (a static JSON route of the same server), ${connections} conn.`;
  // One warm-up of every route before the rounds (JIT, the kept pages, the sockets).
  for (const path of ['/api/health/live', '/api/posts?sort=top', '/api/leaderboard/weekly']) {
    await load(port, path, { ...loadOptions, seconds: options.warmUpSeconds });
  }

  for (const path of ['/api/posts?sort=top', '/api/leaderboard/weekly']) {
    for (const busy of [false, true]) {
      const boards: Load[] = [];
      const statics: Load[] = [];
      const likesPerSecond: number[] = [];
      await alternate(
        ROUNDS,
        async () => {
          const stop = busy ? writer.start() : null;
          const board = await load(port, path, loadOptions);
          if (stop) likesPerSecond.push(await stop());
          boards.push(board);
          return board.perSecond;
        },
        async () => {
          const health = await load(port, '/api/health/live', loadOptions);
          statics.push(health);
          return health.perSecond;
        },
      );
      const rounds = {
        values: boards.map((b) => b.perSecond),
        anchors: statics.map((s) => s.perSecond),
      };
      const anchor: Measure = { name: anchorName, value: 0, unit: 'req/s' };
      const failures = [...boards, ...statics].reduce((sum, l) => sum + l.failures, 0);
      const details: Record<string, number> = {
        'p50 ms': median(boards.map((b) => b.p50)),
        'p99 ms': median(boards.map((b) => b.p99)),
        'anchor p99 ms': median(statics.map((s) => s.p99)),
        failures,
        ...(busy ? { 'likes/s': Math.round(median(likesPerSecond)) } : {}),
      };
      report.figure(
        busy
          ? `  the same while one client likes and unlikes back to back`
          : `GET ${path} at ${options.posts} posts, ${connections} connections`,
        { rounds, unit: 'req/s' },
        anchor,
        busy
          ? { ratioAtLeast: GOALS.throughputWhileLikingFloor, floor: true }
          : { ratioAtLeast: GOALS.throughputVsAnchor },
        details,
      );
      report.figure(
        `  p99 of GET ${path}${busy ? ' while liking' : ''}, beside the static route's p99`,
        {
          rounds: { values: boards.map((b) => b.p99), anchors: statics.map((s) => s.p99) },
          unit: 'ms',
        },
        { name: `p99 of ${anchorName}`, value: 0, unit: 'ms' },
        { ratioAtMost: GOALS.p99VsAnchor },
        { failures },
      );
    }
  }
}
