import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { startBenchApp } from './bench-app';
import { sceneImage } from './scene-image';
import { seededRandom } from './seeded-random';
import { UploadClient } from './upload-client';

export interface HealthWhileUploading {
  uploads: number;
  /** p99 of `GET /api/health/live` while nothing else runs, in ms. */
  quietP99: number;
  /** p99 of the same while one client uploads photos back to back, in ms. */
  busyP99: number;
  quietProbes: number;
  busyProbes: number;
}

/** How often the probe asks, as the outside probe did. */
const PROBE_EVERY_MS = 20;

/**
 * How long the idle probe asks: about as long as the uploads take here, so both p99s are read
 * from as many answers. Over 3 s (150 answers) the idle p99 was the second-slowest answer, and
 * the ratio of three runs in a row swung from 1.2 to 2.9 with nothing changed.
 */
const QUIET_MS = 12_000;

/**
 * What an upload costs everyone else: `GET /api/health/live` asked every `PROBE_EVERY_MS` by a process of
 * its own, first while the app is idle (the anchor), then while one client uploads `uploads`
 * different phone-sized photos back to back (each rated by the offline rater and checked by the
 * offline gate). A pixel loop on the event loop shows here as the probe's p99.
 */
export async function benchHealthWhileUploading(uploads = 20): Promise<HealthWhileUploading> {
  const app = await startBenchApp({ UPLOAD_LIMIT_PER_HOUR: '100000' });
  const { base, dataDir } = app;
  const client = UploadClient.start();
  try {
    const photos: string[] = [];
    for (let i = 0; i < uploads + 1; i++) {
      const file = join(dataDir, `photo-${i}.jpg`);
      writeFileSync(file, await texturedPhoto(i + 1));
      photos.push(file);
    }
    const upload = async (file: string) => {
      const { status, body } = await client.upload(`${base}/api/upload`, file);
      if (status !== 200) throw new Error(`Upload answered ${status}: ${body}`);
    };
    await upload(photos[uploads]); // warm-up: the gate's models, the pixel worker
    const quiet = await probing(`${base}/api/health/live`, async () => {
      await wait(QUIET_MS);
    });
    const busy = await probing(`${base}/api/health/live`, async () => {
      for (const file of photos.slice(0, uploads)) await upload(file);
    });
    return {
      uploads,
      quietP99: p99(quiet),
      busyP99: p99(busy),
      quietProbes: quiet.length,
      busyProbes: busy.length,
    };
  } finally {
    await client.close();
    await app.close();
  }
}

export interface HealthWhileResetting {
  resets: number;
  quietP99: number;
  busyP99: number;
  quietProbes: number;
  busyProbes: number;
}

/** Clients sending password resets at once, as the review's two did. */
const RESET_CLIENTS = 2;
/** How long they send them. */
const RESET_BURST_MS = 5000;

/**
 * What a burst of password resets costs everyone else: `GET /api/health/live` asked every
 * `PROBE_EVERY_MS` from a process of its own, idle (the anchor), then while `RESET_CLIENTS` clients
 * send resets back to back for `RESET_BURST_MS`, each with a made-up token and a 256-character
 * password (the most a strength estimate could be asked to read). The per-address limit is raised
 * out of the way: this measures the route's own cost.
 */
export async function benchHealthWhileResetting(): Promise<HealthWhileResetting> {
  const app = await startBenchApp({ REGISTRATION_LIMIT_PER_HOUR: '100000' });
  const { base } = app;
  try {
    const quiet = await probing(`${base}/api/health/live`, async () => {
      await wait(3000);
    });
    let resets = 0;
    const busy = await probing(`${base}/api/health/live`, async () => {
      const client = fork(__filename, ['--reset-client', `${base}/api/auth/reset-password`], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      resets = await new Promise<number>((resolve) => client.once('message', resolve));
      client.disconnect();
    });
    return {
      resets,
      quietP99: p99(quiet),
      busyP99: p99(busy),
      quietProbes: quiet.length,
      busyProbes: busy.length,
    };
  } finally {
    await app.close();
  }
}

/** The reset clients' process: sends resets for `RESET_BURST_MS`, then tells how many it sent. */
async function runResetClients(url: string): Promise<void> {
  const until = performance.now() + RESET_BURST_MS;
  let sent = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({
        token: randomBytes(32).toString('base64url'),
        password: randomBytes(192).toString('base64').slice(0, 256),
      });
      const req = request(
        url,
        { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve());
        },
      );
      req.on('error', () => resolve());
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: RESET_CLIENTS }, async () => {
      while (performance.now() < until) {
        await one();
        sent++;
      }
    }),
  );
  process.send?.(sent);
}

/** The probe's latencies while `during` runs. */
async function probing(url: string, during: () => Promise<void>): Promise<number[]> {
  const probe: ChildProcess = fork(__filename, ['--health-probe', url], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve) => probe.once('message', () => resolve()));
  await during();
  const latencies = new Promise<number[]>((resolve) =>
    probe.once('message', (answer: number[]) => resolve(answer)),
  );
  probe.send('stop');
  const answer = await latencies;
  probe.disconnect();
  return answer;
}

/** The probe's own process: asks `url` every `PROBE_EVERY_MS` until told to stop. */
function runProbe(url: string): void {
  const latencies: number[] = [];
  let stopped = false;
  process.on('message', () => {
    stopped = true;
  });
  const ask = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', () => resolve());
      req.end();
    });
  const loop = async () => {
    process.send?.('ready');
    while (!stopped) {
      const next = performance.now() + PROBE_EVERY_MS;
      await ask();
      await wait(Math.max(0, next - performance.now()));
    }
    process.send?.(latencies);
  };
  void loop();
}

if (require.main === module && process.argv[2] === '--health-probe') runProbe(process.argv[3]);
if (require.main === module && process.argv[2] === '--reset-client') {
  void runResetClients(process.argv[3]);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0;
}

/** A 1600×1200 JPEG of a seeded scene under seeded grain: each seed a different photo. */
async function texturedPhoto(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = await sceneImage({ width, height, seed }).raw().toBuffer();
  const random = seededRandom(seed);
  for (let i = 0; i < pixels.length; i++) {
    const value = Math.round(pixels[i] + (random() - 0.5) * 40);
    pixels[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}
