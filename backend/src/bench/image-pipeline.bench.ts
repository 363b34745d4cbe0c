import sharp from 'sharp';
import { processImage } from '../infrastructure/images/image-pipeline';

const MB = 1024 * 1024;

export interface ImagePipelineBench {
  /** Wall time of one processImage call on the input. */
  ms: number;
  /** Highest resident set size sampled while it ran. */
  peakRssMb: number;
  /** Resident set size just before it ran, so the pipeline's own share can be read off. */
  baselineRssMb: number;
  inputMb: number;
  width: number;
  height: number;
}

/**
 * processImage on a JPEG of at least 10 MB (the upload limit) made of random noise at quality
 * 100 without chroma subsampling: the most work per byte a JPEG can ask of the decoder, and
 * the same kind of input the API tests use. One warm-up call first, so the figure is the
 * steady state and not libvips starting up.
 */
export async function benchImagePipeline(targetBytes = 10 * MB): Promise<ImagePipelineBench> {
  const input = await noisyJpeg(targetBytes);
  const { width = 0, height = 0 } = await sharp(input).metadata();
  await processImage(await noisyJpeg(64 * 1024));

  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  // Sharp works on libuv's threads, so the event loop is free to sample while it runs.
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const started = performance.now();
  try {
    await processImage(input);
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage.rss());

  return {
    ms,
    peakRssMb: peak / MB,
    baselineRssMb: baseline / MB,
    inputMb: input.length / MB,
    width,
    height,
  };
}

/** Seeded (mulberry32), so every run measures the same bytes. */
async function noisyJpeg(minBytes: number): Promise<Buffer> {
  let state = 0x5eed;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  // About 2.9 bytes a pixel at these settings; start just above and grow until big enough.
  let pixels = Math.ceil(minBytes / 2.8);
  for (;;) {
    const width = Math.round(Math.sqrt((pixels * 4) / 3));
    const height = Math.round((width * 3) / 4);
    const words = new Uint32Array(Math.ceil((width * height * 3) / 4));
    for (let i = 0; i < words.length; i++) words[i] = next();
    const jpeg = await sharp(Buffer.from(words.buffer, 0, width * height * 3), {
      raw: { width, height, channels: 3 },
    })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    if (jpeg.length >= minBytes) return jpeg;
    pixels = Math.ceil(pixels * 1.05);
  }
}
