import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PICTURE_CHECK_SIDE } from '../../domain/photo-rating/picture-content';
import { FINGERPRINT_LONG_SIDE, type PhotoFingerprint } from '../../domain/post/photo-fingerprint';
import {
  type DecodedImage,
  ImageTooLargeError,
  type ImageProcessor,
  NotAnImageError,
  type PhotoKeypoints,
  type ProcessedImage,
  type SourceFormat,
} from '../../application/ports/image-processor.port';
import { KEYPOINT_LONG_SIDE } from './picture-keypoints';
import { pixelThread } from './pixel-thread';

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
  let keypoints: Promise<PhotoKeypoints> | null = null;
  const pixels = async (longSide: number) => {
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
  };

  return {
    width: info.width,
    height: info.height,
    sourceFormat,
    perceptualHash: await hashing,
    fingerprint: await fingerprinting,
    pixels,
    pictureMeasures: async () =>
      pixelThread.run({ op: 'pictureMeasures', rgb: await pixels(PICTURE_CHECK_SIDE) }),
    keypoints: () => (keypoints ??= keypointsOf(fromRaw())),
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
    features: await pixelThread.run({
      op: 'features',
      rgb: { data: analysis.data, ...analysis.info },
      source: { width: source.width, height: source.height },
    }),
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
  const grey = await greyscale(image, FINGERPRINT_LONG_SIDE);
  return pixelThread.run({ op: 'fingerprint', grey });
}

/** The keypoints (see picture-keypoints.ts) of the normalised image's greyscale. */
async function keypointsOf(image: sharp.Sharp): Promise<PhotoKeypoints> {
  const grey = await greyscale(image, KEYPOINT_LONG_SIDE);
  return pixelThread.run({ op: 'keypoints', grey });
}

/**
 * One channel of luma, the longest side `longSide` (enlarged if smaller: a resize given before
 * on the same pipeline, as `normalised` gives one, would otherwise keep its no-enlargement).
 */
async function greyscale(image: sharp.Sharp, longSide: number) {
  const { data, info } = await image
    .greyscale()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: false })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
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

/** The keypoints of a stored photo: normalised as an upload is, then `keypointsOf`. */
export async function keypointsOfImage(input: Buffer): Promise<PhotoKeypoints> {
  try {
    return await keypointsOf(
      normalised(sharp(input, { failOn: 'error', limitInputPixels: IMAGE_LIMITS.maxInputPixels })),
    );
  } catch (error) {
    throw decodeError(error, IMAGE_LIMITS.maxInputPixels);
  }
}

/** The image processing port, with sharp (libvips) and the pixel worker. */
export const sharpImageProcessor: ImageProcessor = {
  decode: (input) => decodeImage(input),
  process: (input) => processImage(input),
  fingerprint: (input) => fingerprintImage(input),
  keypoints: (input) => keypointsOfImage(input),
  matchingKeypoints: (upload, post) => pixelThread.run({ op: 'match', upload, post }),
};
