import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { GateInput } from '../application/ports/content-gate.port';
import { OfflineContentGate } from '../infrastructure/content-gate/offline-content-gate';
import { latencies, timed } from './bench-http';
import type { Report } from './figures';
import { peakRssBytes } from './peak-rss';

export interface ContentGateBench {
  /** Median wall time of one judgement (decode, three models, rules) of a 1024 px JPEG. */
  ms: number;
  /** Median wall time of bare sharp decoding the same JPEG to RGB pixels (the anchor). */
  anchorMs: number;
  runs: number;
  /** From the worker's start to its models loaded and warmed up. */
  loadMs: number;
  /** Highest resident set size of the process (models loaded, every run done). */
  peakRssMb: number;
  /** Resident set size after the first and after the last judgement: flat when nothing leaks. */
  firstRssMb: number;
  lastRssMb: number;
  /** 99th percentile of the main thread's event-loop delay while judging (the models are not on it). */
  eventLoopP99DelayMs: number;
}

const MB = 1024 * 1024;
/** A photo with nobody in it, so that every model runs to the end (none is cut short). */
const PHOTO = join(
  __dirname,
  '..',
  '..',
  'test',
  'fixtures',
  'content-gate',
  'plain',
  'coffee.jpg',
);

/** Measured in a process of its own, so that its memory is the gate's and nothing else's. */
export async function benchContentGate(runs = 20): Promise<ContentGateBench> {
  const { stdout } = await promisify(execFile)(process.execPath, [__filename, String(runs)], {
    maxBuffer: MB,
  });
  return JSON.parse(stdout) as ContentGateBench;
}

export async function reportContentGate(report: Report): Promise<void> {
  const gate = await benchContentGate();
  report.figure(
    `content gate (offline: face, pose and nudity models in a worker) on a 1024 px JPEG, median of ${gate.runs}`,
    { value: gate.ms, unit: 'ms' },
    { name: 'bare sharp decoding the same JPEG to RGB pixels', value: gate.anchorMs, unit: 'ms' },
    {
      valueAtMost: 800,
      also: { name: 'peak RSS', value: gate.peakRssMb, atMost: 700, unit: 'MB' },
    },
    {
      'models load ms': gate.loadMs,
      'peak RSS MB': gate.peakRssMb,
      'RSS after first MB': gate.firstRssMb,
      'RSS after last MB': gate.lastRssMb,
      'event loop p99 delay while judging ms': gate.eventLoopP99DelayMs,
    },
  );
}

async function measureInThisProcess(runs: number): Promise<ContentGateBench> {
  const jpeg = await sharp(readFileSync(PHOTO))
    .resize({ width: 1024 })
    .jpeg({ quality: 85 })
    .toBuffer();
  // What an upload hands the gate, its pixels decoded from the JPEG on each judgement.
  const input: GateInput = {
    width: 1024,
    height: 683,
    pixels: async () => {
      const { data, info } = await sharp(jpeg)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    },
  };
  const gate = new OfflineContentGate({ queueLength: 1, timeoutMs: 120_000 });
  try {
    const { loadMs } = await gate.loadReport();
    await gate.judge(input);
    const firstRss = process.memoryUsage.rss();
    const judged: number[] = [];
    const decoded: number[] = [];
    const delay = monitorEventLoopDelay({ resolution: 10 });
    for (let run = 0; run < runs; run += 1) {
      decoded.push(await timed(() => sharp(jpeg).removeAlpha().raw().toBuffer()));
      delay.enable();
      judged.push(await timed(() => gate.judge(input)));
      delay.disable();
    }
    return {
      ms: latencies(judged).p50,
      anchorMs: latencies(decoded).p50,
      runs,
      loadMs,
      peakRssMb: peakRssBytes() / MB,
      firstRssMb: firstRss / MB,
      lastRssMb: process.memoryUsage.rss() / MB,
      eventLoopP99DelayMs: delay.percentile(99) / 1e6,
    };
  } finally {
    await gate.close();
  }
}

if (require.main === module) {
  measureInThisProcess(Number(process.argv[2]) || 20)
    .then((result) => process.stdout.write(JSON.stringify(result)))
    .catch((error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    });
}
