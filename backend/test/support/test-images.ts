import sharp from 'sharp';
import { sceneImage, type SceneOptions } from '../../src/bench/scene-image';
import { seededRandom } from './seeded-random';

export { sceneImage, sceneSvg, type SceneOptions } from '../../src/bench/scene-image';

/**
 * Image generators for tests. Everything is made with sharp at run time from a seed, so there
 * are no binary fixtures and the same arguments always give the same bytes.
 */

export interface JpegOptions extends SceneOptions {
  /** Adds an EXIF GPS block (latitude/longitude) and a camera make/model. */
  withGps?: boolean;
  /** EXIF orientation tag 1..8, stored as is: the pixels are not rotated. */
  orientation?: number;
  /** Default 90. */
  quality?: number;
}

export async function makeJpeg(options: JpegOptions): Promise<Buffer> {
  let image = sceneImage(options).jpeg({ quality: options.quality ?? 90 });
  if (options.orientation !== undefined)
    image = image.withMetadata({ orientation: options.orientation });
  if (options.withGps) {
    // IFD3 is the GPS directory in libvips' numbering; rationals are written "num/den".
    image = image.withExifMerge({
      IFD0: { Make: 'FootCam', Model: 'Test 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3999/100',
      },
    });
  }
  return image.toBuffer();
}

export async function makePng(options: SceneOptions & { alpha?: boolean }): Promise<Buffer> {
  let image = sceneImage(options);
  if (options.alpha) image = image.ensureAlpha(0.8);
  return image.png().toBuffer();
}

export async function makeWebp(options: SceneOptions & { quality?: number }): Promise<Buffer> {
  return sceneImage(options)
    .webp({ quality: options.quality ?? 80 })
    .toBuffer();
}

const noisyCache = new Map<string, Buffer>();

/**
 * A real, decodable JPEG of exactly `bytes` bytes (so "at least" any smaller limit): random
 * noise at quality 100 without chroma subsampling (about 2.9 bytes a pixel, the worst case for
 * the decoder per byte), topped up to the exact size with JPEG comment segments. Cached per
 * size and seed, because the API tests ask for the same sizes repeatedly; a copy is returned.
 */
export async function makeNoisyJpegOfSize(bytes: number, seed = 7): Promise<Buffer> {
  const key = `${bytes}:${seed}`;
  const cached = noisyCache.get(key);
  if (cached) return Buffer.from(cached);

  const random = seededRandom(seed);
  let pixels = Math.max(64 * 48, Math.floor((bytes * 0.97) / 2.9));
  let jpeg: Buffer;
  for (;;) {
    const width = Math.max(8, Math.round(Math.sqrt((pixels * 4) / 3)));
    const height = Math.max(8, Math.round((width * 3) / 4));
    const length = width * height * 3;
    const words = new Uint32Array(Math.ceil(length / 4));
    for (let i = 0; i < words.length; i++) words[i] = (random() * 4294967296) >>> 0;
    const noise = Buffer.from(words.buffer, 0, length);
    jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    // Leave at least 4 bytes: the smallest comment segment that can fill the gap.
    if (jpeg.length <= bytes - 4 || pixels <= 64 * 48) break;
    pixels = Math.floor(pixels * 0.95);
  }
  const result = jpeg.length >= bytes ? jpeg : padWithComments(jpeg, bytes - jpeg.length);
  noisyCache.set(key, result);
  return Buffer.from(result);
}

/** Inserts COM (0xFFFE) segments right after SOI, adding exactly `extra` (>= 4) bytes. */
function padWithComments(jpeg: Buffer, extra: number): Buffer {
  const segments: Buffer[] = [];
  let left = extra;
  while (left > 0) {
    let size = Math.min(left, 65537); // marker (2) + length field (2) + at most 65533 payload
    if (left - size > 0 && left - size < 4) size -= 4;
    const segment = Buffer.alloc(size, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(size - 2, 2);
    segments.push(segment);
    left -= size;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** Tags of IFD0 of an EXIF block as sharp's metadata().exif returns it ("Exif\0\0" + TIFF). */
export function exifIfd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const count = u16(ifd0);
  const tags: number[] = [];
  for (let i = 0; i < count; i++) tags.push(u16(ifd0 + 2 + i * 12));
  return tags;
}

/** True when the EXIF block points to a GPS directory (tag 0x8825). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  return exif !== undefined && exifIfd0Tags(exif).includes(0x8825);
}
