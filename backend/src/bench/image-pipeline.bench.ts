import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { IMAGE_LIMITS, processImage } from '../infrastructure/images/image-pipeline';
import { startBenchApp } from './bench-app';
import { alternate, type Rounds } from './figures';
import { sceneImage } from './scene-image';
import { seededRandom } from './seeded-random';
import { UploadClient } from './upload-client';

const MB = 1024 * 1024;

export interface ImagePipelineBench {
  /** Wall times of processImage on the input, in rounds alternating with bare sharp (the anchor). */
  pipeline: Rounds;
  /**
   * Wall times of POST /api/upload with the same photo on the real app (127.0.0.1, offline
   * rater): the body's transfer, multipart parsing, the pipeline and the content gate, rating,
   * storage, the event and the answer; in rounds alternating with bare sharp.
   */
  http: Rounds;
  runs: number;
  /** Highest resident set size of a fresh process while it processed the input once. */
  peakRssMb: number;
  /** That process's resident set size just before, so the pipeline's own share can be read off. */
  baselineRssMb: number;
  inputMb: number;
  width: number;
  height: number;
}

/**
 * processImage on a phone-sized JPEG just under the upload limit: a scene under heavy grain
 * (grainyPhoto). Its anchor is bare sharp on the same bytes: rotate,
 * resize to the stored size and to the thumbnail, WebP at the same qualities, nothing else.
 * Rounds alternate between the two (after one warm-up of each), so both see the same machine.
 */
export async function benchImagePipeline(
  targetBytes = 10 * MB,
  runs = 7,
): Promise<ImagePipelineBench> {
  const input = await grainyPhoto(targetBytes);
  const { width = 0, height = 0 } = await sharp(input).metadata();
  const small = await grainyPhoto(64 * 1024, 160, 120);
  await processImage(small);
  await bareSharp(small);

  const pipeline = await alternate(
    runs,
    () => timed(() => processImage(input)),
    () => timed(() => bareSharp(input)),
  );
  const http = await uploadsThroughHttp(input, runs);
  // Memory in a process of its own: this one holds the bench's earlier data and allocations.
  const memory = await peakRssOfOneUpload(input);

  return {
    pipeline,
    http,
    runs,
    peakRssMb: memory.peak / MB,
    baselineRssMb: memory.baseline / MB,
    inputMb: input.length / MB,
    width,
    height,
  };
}

/**
 * The whole upload as a visitor makes it: the real app on 127.0.0.1 (embedded stores, offline
 * rater), the photo posted as multipart by a client in a process of its own (a browser is not
 * in the server's process), timed until the rating answers; alternated with bare sharp on the
 * same bytes.
 */
async function uploadsThroughHttp(input: Buffer, runs: number): Promise<Rounds> {
  const app = await startBenchApp({ UPLOAD_LIMIT_PER_HOUR: '100000' });
  const { dataDir } = app;
  const client = UploadClient.start();
  try {
    const url = `${app.base}/api/upload`;
    const photo = join(dataDir, 'photo.jpg');
    const upload = async (bytes: Buffer) => {
      writeFileSync(photo, bytes);
      // Storage is content-addressed: without this, a photo seen before would write nothing.
      rmSync(join(dataDir, 'uploads'), { recursive: true, force: true });
      const { ms, status, body } = await client.upload(url, photo);
      if (status !== 200) throw new Error(`Upload answered ${status}: ${body}`);
      return ms;
    };
    // A warm-up photo the content gate checks (at least 256 pixels on its shorter side), then
    // the photo itself once, so that neither side's first call is measured.
    await upload(await grainyPhoto(256 * 1024, 320, 256));
    await upload(input);
    return await alternate(
      runs,
      () => upload(input),
      () => timed(() => bareSharp(input)),
    );
  } finally {
    await client.close();
    await app.close();
  }
}

/**
 * Peak resident set size of a fresh Node process that loads the pipeline, warms it up on a
 * small photo and then processes `input` once: what one upload costs a server that has just
 * started, free of whatever the bench did before.
 */
async function peakRssOfOneUpload(input: Buffer): Promise<{ peak: number; baseline: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-image-'));
  const file = join(dir, 'input.jpg');
  writeFileSync(file, input);
  try {
    const { stdout } = await run(process.execPath, [__filename, file]);
    return JSON.parse(stdout) as { peak: number; baseline: number };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureInThisProcess(file: string): Promise<void> {
  await processImage(await grainyPhoto(64 * 1024, 160, 120));
  const input = readFileSync(file);
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  // Sharp works on libuv's threads, so the event loop is free to sample while it runs.
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    await processImage(input);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  process.stdout.write(JSON.stringify({ peak, baseline }));
}

if (require.main === module) {
  measureInThisProcess(process.argv[2]).catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
}

/** The least any pipeline storing the photo and its thumbnail as WebP has to do. */
async function bareSharp(input: Buffer): Promise<void> {
  const rotated = sharp(input).rotate();
  const inside = (side: number) => ({
    width: side,
    height: side,
    fit: 'inside' as const,
    withoutEnlargement: true,
  });
  await Promise.all([
    rotated
      .clone()
      .resize(inside(IMAGE_LIMITS.maxSide))
      .webp({ quality: IMAGE_LIMITS.quality })
      .toBuffer(),
    rotated
      .clone()
      .resize(inside(IMAGE_LIMITS.thumbnailSide))
      .webp({ quality: IMAGE_LIMITS.thumbnailQuality })
      .toBuffer(),
  ]);
}

const run = promisify(execFile);

// Not bench-http's `timed`: this file also runs as the child whose peak memory is measured
// (peakRssOfOneUpload), and bench-http would load autocannon into it.
async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * A JPEG of a seeded scene under heavy seeded grain, at the highest quality that keeps it at most
 * `maxBytes`: by default a phone photo's size and pixel count, and close to
 * the most work per byte a JPEG can ask of the decoder. The grain fills the bytes; at the size
 * the no-picture check reads it averages out, so the upload is judged a picture. Every run
 * measures the same bytes.
 */
async function grainyPhoto(maxBytes: number, width = 4000, height = 3000): Promise<Buffer> {
  const pixels = await sceneImage({ width, height, seed: 5 }).raw().toBuffer();
  const random = seededRandom(0x5eed);
  for (let i = 0; i < pixels.length; i++) {
    const value = Math.round(pixels[i] + (random() - 0.5) * 2 * GRAIN);
    pixels[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  const raw = sharp(pixels, { raw: { width, height, channels: 3 } });
  for (let quality = 100; quality > 10; quality -= 2) {
    const jpeg = await raw.clone().jpeg({ quality }).toBuffer();
    if (jpeg.length <= maxBytes) return jpeg;
  }
  throw new Error(`No JPEG of ${width}×${height} fits in ${maxBytes} bytes`);
}

/** How far (0..255) the grain moves a channel either way. */
const GRAIN = 48;
