import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  FINGERPRINT_LONG_SIDE,
  fingerprintPhoto,
  type PhotoFingerprint,
} from '../../domain/post/photo-fingerprint';
import {
  type DecodedImage,
  type ImageFeatures,
  ImageTooLargeError,
  type ImageProcessor,
  NotAnImageError,
  type ProcessedImage,
  type SourceFormat,
} from '../../application/ports/image-processor.port';

// libvips' operation cache keeps decoded images around for reuse. Every upload is decoded once
// and never again, so the cache would only hold tens of megabytes per request for nothing.
sharp.cache(false);

export const IMAGE_LIMITS = {
  /** Decompression-bomb guard: a 10 MB file can still claim gigapixels. */
  maxInputPixels: 40_000_000,
  maxSide: 2048,
  quality: 82,
  thumbnailSide: 480,
  thumbnailQuality: 75,
  /** Longest side of the copy features are measured on: one scale, so photos compare. */
  analysisSide: 512,
} as const;

/** Everything made from an upload: `decodeImage`, then what it makes. */
export async function processImage(
  input: Buffer,
  options?: { maxPixels?: number },
): Promise<ProcessedImage> {
  return (await decodeImage(input, options)).processed;
}

/**
 * Checks the header, decodes the upload once into the normalised image's raw pixels, hashes
 * them, and starts the encodings (`processed`) without waiting for them: the caller checks the
 * image and has the content gate judge its pixels while libvips encodes.
 */
export async function decodeImage(
  input: Buffer,
  options?: { maxPixels?: number },
): Promise<DecodedImage> {
  const maxPixels = options?.maxPixels ?? IMAGE_LIMITS.maxInputPixels;
  const inputOptions: sharp.SharpOptions = {
    failOn: 'error',
    limitInputPixels: maxPixels,
    sequentialRead: true,
  };

  // Header only: cheap, and it decides whether we decode at all.
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, inputOptions).metadata();
  } catch (error) {
    throw decodeError(error, maxPixels);
  }
  const sourceFormat = acceptedFormat(meta);
  if (meta.width * meta.height > maxPixels) throw new ImageTooLargeError(maxPixels);

  // The one full decode. Orientation and the size cap happen here (JPEG shrink-on-load keeps a
  // 40 MP photo from ever being held at full size), and going through raw pixels guarantees
  // nothing of the original file (EXIF, GPS, XMP, ICC, comments) can reach the output.
  // Transparency is flattened onto white: what is stored looks the same on every background,
  // so nothing can hide in an alpha channel from the gate, which judges these same pixels.
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await normalised(sharp(input, inputOptions))
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeError(error, maxPixels);
  }

  const { data, info } = decoded;
  const fromRaw = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const hashing = fromRaw()
    .greyscale()
    .resize({ width: 9, height: 8, fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(({ data: grey, info: size }) => differenceHash(grey, size.channels));
  const fingerprinting = fingerprintOf(fromRaw());
  const processed = encode(fromRaw, info, hashing, fingerprinting, {
    sourceFormat,
    source: meta.autoOrient,
  });
  // Whoever stops at a refusal never awaits it; its failure still reaches whoever does.
  processed.catch(() => undefined);

  return {
    width: info.width,
    height: info.height,
    sourceFormat,
    perceptualHash: await hashing,
    fingerprint: await fingerprinting,
    pixels: async (longSide) => {
      const { data: rgb, info: size } = await fromRaw()
        .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
        .removeAlpha() // three channels whatever the decode gave (it flattened any alpha)
        .raw()
        .toBuffer({ resolveWithObject: true });
      return {
        data: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.byteLength),
        width: size.width,
        height: size.height,
      };
    },
    processed,
  };
}

async function encode(
  fromRaw: () => sharp.Sharp,
  info: sharp.OutputInfo,
  hashing: Promise<string>,
  fingerprinting: Promise<PhotoFingerprint>,
  {
    sourceFormat,
    source,
  }: { sourceFormat: SourceFormat; source: { width: number; height: number } },
): Promise<ProcessedImage> {
  const [webp, thumbnail, analysis, perceptualHash, fingerprint] = await Promise.all([
    fromRaw().webp({ quality: IMAGE_LIMITS.quality }).toBuffer(),
    fromRaw()
      .resize({
        width: IMAGE_LIMITS.thumbnailSide,
        height: IMAGE_LIMITS.thumbnailSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: IMAGE_LIMITS.thumbnailQuality })
      .toBuffer(),
    // Enlarging small photos is deliberate: measuring at one scale makes a tiny, soft photo
    // score as soft, instead of looking crisp because it has few pixels.
    fromRaw()
      .resize({
        width: IMAGE_LIMITS.analysisSide,
        height: IMAGE_LIMITS.analysisSide,
        fit: 'inside',
      })
      .raw()
      .toBuffer({ resolveWithObject: true }),
    hashing,
    fingerprinting,
  ]);
  return {
    webp,
    thumbnail,
    contentHash: createHash('sha256').update(webp).digest('hex'),
    perceptualHash,
    fingerprint,
    width: info.width,
    height: info.height,
    sourceFormat,
    features: measureFeatures(analysis.data, analysis.info, source),
  };
}

/** libvips' reasons are not for users (and may name internals): only the pixel limit is kept. */
function decodeError(error: unknown, maxPixels: number): Error {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new ImageTooLargeError(maxPixels);
  }
  return new NotAnImageError();
}

function acceptedFormat(meta: sharp.Metadata): SourceFormat {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
      return meta.format;
    case 'heif':
      if (meta.compression === 'av1') return 'avif';
      throw new NotAnImageError('HEIC photos are not supported: please upload a JPG, PNG or WEBP');
    default:
      throw new NotAnImageError();
  }
}

/** The re-post fingerprint (see `fingerprintPhoto`) of the normalised image's greyscale. */
async function fingerprintOf(image: sharp.Sharp): Promise<PhotoFingerprint> {
  const { data, info } = await image
    .greyscale()
    .resize({ width: FINGERPRINT_LONG_SIDE, height: FINGERPRINT_LONG_SIDE, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = new Uint8Array(info.width * info.height);
  for (let i = 0; i < grey.length; i++) grey[i] = data[i * info.channels];
  return fingerprintPhoto({ data: grey, width: info.width, height: info.height });
}

/**
 * dHash: 9x8 greyscale, one bit per horizontally adjacent pair (set when the right pixel is
 * brighter), rows top to bottom, leftmost pair in the high bit. Averaging down to 72 pixels
 * discards what re-encoding and resizing change, so copies land within a few bits.
 */
function differenceHash(pixels: Buffer, channels: number): string {
  let hex = '';
  for (let row = 0; row < 8; row++) {
    let byte = 0;
    for (let col = 0; col < 8; col++) {
      const left = pixels[(row * 9 + col) * channels];
      const right = pixels[(row * 9 + col + 1) * channels];
      byte = (byte << 1) | (right > left ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Sharpness curve constant: the Laplacian variance that scores 0.5. */
const LAPLACIAN_HALF = 200;

function measureFeatures(
  rgb: Buffer,
  info: sharp.OutputInfo,
  source: { width: number; height: number },
): ImageFeatures {
  const { width: w, height: h, channels } = info;
  const n = w * h;
  const luma = new Float64Array(n);

  let lumaSum = 0;
  let lumaSquares = 0;
  let clipped = 0;
  let rgSum = 0;
  let rgSquares = 0;
  let ybSum = 0;
  let ybSquares = 0;
  for (let i = 0; i < n; i++) {
    const r = rgb[i * channels];
    const g = rgb[i * channels + 1];
    const b = rgb[i * channels + 2];
    // Rec. 709 weights on the gamma-encoded values: luma, which is what the eye judges.
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    luma[i] = y;
    lumaSum += y;
    lumaSquares += y * y;
    if (y < 5 || y > 250) clipped++;
    const rg = r - g;
    const yb = 0.5 * (r + g) - b;
    rgSum += rg;
    rgSquares += rg * rg;
    ybSum += yb;
    ybSquares += yb * yb;
  }
  const mean = lumaSum / n;
  const std = Math.sqrt(Math.max(0, lumaSquares / n - mean * mean));
  const meanLuminance = mean / 255;
  const offMid = Math.max(0, Math.abs(meanLuminance - 0.5) - 0.1);
  const exposure = clamp01(1 - offMid / 0.4) * (1 - clipped / n);

  const rgMean = rgSum / n;
  const ybMean = ybSum / n;
  const rgVar = Math.max(0, rgSquares / n - rgMean * rgMean);
  const ybVar = Math.max(0, ybSquares / n - ybMean * ybMean);
  const colourfulnessM =
    Math.sqrt(rgVar + ybVar) + 0.3 * Math.sqrt(rgMean * rgMean + ybMean * ybMean);

  // Laplacian (focus) and central-difference gradient energy (where the detail is) in one pass
  // over the interior pixels.
  let lapSum = 0;
  let lapSquares = 0;
  let energy = 0;
  let energyX = 0;
  let energyY = 0;
  const columnEnergy = new Float64Array(w);
  const rowEnergy = new Float64Array(h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const left = luma[i - 1];
      const right = luma[i + 1];
      const up = luma[i - w];
      const down = luma[i + w];
      const lap = 4 * luma[i] - left - right - up - down;
      lapSum += lap;
      lapSquares += lap * lap;
      const gx = right - left;
      const gy = down - up;
      const e = gx * gx + gy * gy;
      energy += e;
      energyX += e * x;
      energyY += e * y;
      columnEnergy[x] += e;
      rowEnergy[y] += e;
    }
  }
  const interior = Math.max(1, (w - 2) * (h - 2));
  const lapMean = lapSum / interior;
  const lapVar = Math.max(0, lapSquares / interior - lapMean * lapMean);

  let framing = 0;
  if (energy > 0 && w > 2 && h > 2) {
    const cx = energyX / energy / (w - 1);
    const cy = energyY / energy / (h - 1);
    const centring = clamp01(1 - Math.hypot(cx - 0.5, cy - 0.5) / 0.5);
    const spanX = percentileSpan(columnEnergy, energy) / (w - 1);
    const spanY = percentileSpan(rowEnergy, energy) / (h - 1);
    const fill = clamp01((spanX * spanY) / 0.3);
    framing = 0.5 * centring + 0.5 * fill;
  }

  return {
    width: source.width,
    height: source.height,
    sharpness: round4(lapVar / (lapVar + LAPLACIAN_HALF)),
    meanLuminance: round4(meanLuminance),
    exposure: round4(exposure),
    contrast: round4(clamp01(std / 255 / 0.25)),
    colourfulness: round4(clamp01(colourfulnessM / 109)),
    framing: round4(framing),
  };
}

/** Distance between the 10th and 90th percentile positions of a marginal distribution. */
function percentileSpan(marginal: Float64Array, total: number): number {
  let cumulative = 0;
  let low = -1;
  let high = marginal.length - 1;
  for (let i = 0; i < marginal.length; i++) {
    cumulative += marginal[i];
    if (low < 0 && cumulative >= 0.1 * total) low = i;
    if (cumulative >= 0.9 * total) {
      high = i;
      break;
    }
  }
  return Math.max(0, high - Math.max(0, low));
}

/** Upright, within the size cap, flattened onto white, in sRGB: every photo as it is judged. */
function normalised(image: sharp.Sharp): sharp.Sharp {
  return image
    .rotate()
    .resize({
      width: IMAGE_LIMITS.maxSide,
      height: IMAGE_LIMITS.maxSide,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb');
}

/** The fingerprint of a stored photo: normalised as an upload is, then `fingerprintOf`. */
export async function fingerprintImage(input: Buffer): Promise<PhotoFingerprint> {
  try {
    return await fingerprintOf(
      normalised(sharp(input, { failOn: 'error', limitInputPixels: IMAGE_LIMITS.maxInputPixels })),
    );
  } catch (error) {
    throw decodeError(error, IMAGE_LIMITS.maxInputPixels);
  }
}

/** The image processing port, with sharp (libvips). */
export const sharpImageProcessor: ImageProcessor = {
  decode: (input) => decodeImage(input),
  process: (input) => processImage(input),
  fingerprint: (input) => fingerprintImage(input),
};
