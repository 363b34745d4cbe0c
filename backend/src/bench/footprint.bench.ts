import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { median, type Report } from './figures';

/** Starts of each app, in alternating rounds (an empty folder, then the community's). */
const ROUNDS = 3;

/** Requests of the warm-up, each kind in turn, before the app's memory is read. */
const WARM_UP_REQUESTS = 300;

const WARM_UP_PATHS = [
  '/api/posts?sort=recent',
  '/api/posts?sort=top',
  '/api/posts?sort=top&period=week',
  '/api/posts?sort=recent&search=pel',
  '/api/health/live',
];

interface Started {
  /** From the spawn to the app's first answer, in seconds. */
  startSeconds: number;
  /** The process's resident memory after the warm-up, in MB. */
  rssMb: number;
}

/**
 * What the community costs the app when it is not serving it: the app started in a process of
 * its own (as `npm start` starts it) on the community's data folder and on an empty one,
 * each timed from the spawn to its first answer, warmed up with the same requests, then its
 * resident memory read. The empty folder is the anchor: the difference is what grows with the
 * community (read models, caches, indexes held in memory).
 */
export async function communityFootprint(dataDir: string, report: Report): Promise<void> {
  const seeded: Started[] = [];
  const empty: Started[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const emptyDir = mkdtempSync(join(tmpdir(), 'bench-empty-'));
    try {
      const order = round % 2 === 0 ? [dataDir, emptyDir] : [emptyDir, dataDir];
      for (const dir of order) (dir === dataDir ? seeded : empty).push(await startAndWarm(dir));
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  }
  const rss = (runs: Started[]) => median(runs.map((run) => run.rssMb));
  const start = (runs: Started[]) => median(runs.map((run) => run.startSeconds));
  report.figure(
    'RSS that grows with the community (app on the community folder, after a warm-up)',
    { value: rss(seeded) - rss(empty), unit: 'MB' },
    { name: 'the same app on an empty data folder, same warm-up', value: rss(empty), unit: 'MB' },
    { valueAtMost: 200 },
    { 'RSS on the community folder MB': rss(seeded), rounds: ROUNDS },
  );
  report.figure(
    'start beyond an empty folder (spawn to first answer)',
    { value: start(seeded) - start(empty), unit: 's' },
    { name: 'start on an empty data folder', value: start(empty), unit: 's' },
    { valueAtMost: 1 },
    { 'start on the community folder s': start(seeded), rounds: ROUNDS },
  );
}

async function startAndWarm(dataDir: string): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(__dirname, 'footprint-app.js')], {
    env: { ...process.env, FOOTPRINT_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await portOf(child);
    const base = `http://127.0.0.1:${port}`;
    await waitForAnswer(base);
    const startSeconds = (performance.now() - started) / 1000;
    for (let i = 0; i < WARM_UP_REQUESTS; i += 1) {
      const response = await fetch(base + WARM_UP_PATHS[i % WARM_UP_PATHS.length]!);
      await response.arrayBuffer();
    }
    return { startSeconds, rssMb: residentMb(child.pid!) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

function portOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^listening on (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`The app exited before listening (${code})`)));
  });
}

async function waitForAnswer(base: string): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`${base}/api/health/live`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not answering yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The process's resident set, as Linux counts it. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`No resident memory for process ${pid}`);
  return Number(kb) / 1024;
}
