import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { createApp } from '../bootstrap';
import { loadConfig } from '../config/config';
import { IMAGE_LIMITS, processImage } from '../infrastructure/images/image-pipeline';

const MB = 1024 * 1024;

export interface ImagePipelineBench {
  /** Median wall time of one processImage call on the input. */
  ms: number;
  /** Median wall time of bare sharp on the same input (the anchor). */
  anchorMs: number;
  /**
   * Median wall time of POST /api/upload with the same photo on the real app (127.0.0.1,
   * offline rater): multipart parsing, the pipeline, rating, storage, the event and the answer.
   */
  httpMs: number;
  /** Median of bare sharp measured alternately with the uploads (their own anchor). */
  httpAnchorMs: number;
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
 * processImage on a 12-megapixel JPEG of just under 10 MB (the upload limit) made of random
 * noise. Its anchor is bare sharp on the same bytes: rotate,
 * resize to the stored size and to the thumbnail, WebP at the same qualities, nothing else.
 * Runs alternate between the two (after one warm-up of each), so both see the same machine.
 */
export async function benchImagePipeline(
  targetBytes = 10 * MB,
  runs = 5,
): Promise<ImagePipelineBench> {
  const input = await noisyJpeg(targetBytes);
  const { width = 0, height = 0 } = await sharp(input).metadata();
  const small = await noisyJpeg(64 * 1024, 160, 120);
  await processImage(small);
  await bareSharp(small);

  const pipeline: number[] = [];
  const anchor: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    anchor.push(await timed(() => bareSharp(input)));
    pipeline.push(await timed(() => processImage(input)));
  }
  const http = await uploadsThroughHttp(input, runs);
  // Memory in a process of its own: this one holds the bench's earlier data and allocations.
  const memory = await peakRssOfOneUpload(input);

  return {
    ms: median(pipeline),
    anchorMs: median(anchor),
    httpMs: median(http.upload),
    httpAnchorMs: median(http.anchor),
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
 * rater), the photo posted as multipart, timed until the rating answers; alternated with bare
 * sharp on the same bytes.
 */
async function uploadsThroughHttp(
  input: Buffer,
  runs: number,
): Promise<{ upload: number[]; anchor: number[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-upload-'));
  const app = await createApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      FRONTEND_DIR: join(dataDir, 'no-frontend'),
      UPLOAD_LIMIT_PER_HOUR: '100000',
      OPENAI_API_KEY: '',
    }),
  );
  try {
    await app.listen(0, '127.0.0.1');
    const url = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/api/upload`;
    const upload = async (bytes: Buffer) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'feet.jpg');
      const response = await fetch(url, { method: 'POST', body: form });
      if (response.status !== 200) {
        throw new Error(`Upload answered ${response.status}: ${await response.text()}`);
      }
      await response.arrayBuffer();
    };
    // A warm-up photo the content gate checks: at least 256 pixels on its shorter side.
    await upload(await noisyJpeg(256 * 1024, 320, 256));
    const times = { upload: [] as number[], anchor: [] as number[] };
    for (let run = 0; run < runs; run += 1) {
      times.anchor.push(await timed(() => bareSharp(input)));
      times.upload.push(await timed(() => upload(input)));
    }
    return times;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
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
  await processImage(await noisyJpeg(64 * 1024, 160, 120));
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

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * A 4000×3000 (12-megapixel) JPEG of seeded noise (mulberry32), at the highest quality that
 * keeps it at most `maxBytes`: a phone photo's size and pixel count, and the most work per byte
 * a JPEG can ask of the decoder. Every run measures the same bytes.
 */
async function noisyJpeg(maxBytes: number, width = 4000, height = 3000): Promise<Buffer> {
  let state = 0x5eed;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const words = new Uint32Array(Math.ceil((width * height * 3) / 4));
  for (let i = 0; i < words.length; i++) words[i] = next();
  const raw = sharp(Buffer.from(words.buffer, 0, width * height * 3), {
    raw: { width, height, channels: 3 },
  });
  for (let quality = 100; quality > 10; quality -= 2) {
    const jpeg = await raw.clone().jpeg({ quality }).toBuffer();
    if (jpeg.length <= maxBytes) return jpeg;
  }
  throw new Error(`No JPEG of ${width}×${height} fits in ${maxBytes} bytes`);
}
