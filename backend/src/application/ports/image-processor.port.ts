import type { PictureMeasures } from '../../domain/photo-rating/picture-content';
import type { PhotoFingerprint } from '../../domain/post/photo-fingerprint';
import type { KeypointMatch } from '../../domain/post/same-picture';
import { ValidationError } from '../../domain/shared/errors';

/**
 * Image processing: the uploaded bytes become the stored photo, its thumbnail, its hashes and
 * the measurements the offline rater reads. The adapter decodes with sharp (libvips).
 */
export const IMAGE_PROCESSOR = Symbol('ImageProcessor');

export interface ImageProcessor {
  /**
   * Decodes the upload once and starts making what is stored from it (`DecodedImage.processed`),
   * so that the checks and the content gate can work on its pixels meanwhile. Refuses what is
   * no photo (`NotAnImageError`) or claims too many pixels (`ImageTooLargeError`).
   */
  decode(input: Buffer): Promise<DecodedImage>;
  /** `decode`, then everything it makes: for a caller with nothing to do meanwhile. */
  process(input: Buffer): Promise<ProcessedImage>;
  /** The re-post fingerprint of a stored photo, with nothing else made. */
  fingerprint(input: Buffer): Promise<PhotoFingerprint>;
  /** The local keypoints of a stored photo (its thumbnail will do: they are found at one scale). */
  keypoints(input: Buffer): Promise<PhotoKeypoints>;
  /**
   * How many keypoints of an upload (as it is or mirrored) one plausible edit transform puts on
   * those of a post's photo, and their share: the geometric check that tells the same picture
   * from the same subject (see `samePictureVerdict`).
   */
  matchingKeypoints(upload: PhotoKeypoints, post: PhotoKeypoints): Promise<KeypointMatch>;
}

/** A photo's local keypoints: where they are (x, y pairs) and their 32-byte binary descriptors. */
export interface KeypointSet {
  count: number;
  points: Float32Array;
  descriptors: Uint8Array;
}

/** A photo's keypoints as it is and mirrored. */
export interface PhotoKeypoints {
  upright: KeypointSet;
  mirrored: KeypointSet;
}

/** An RGB image, 8 bits a channel, row by row. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * An upload decoded into the normalised image: upright, in sRGB, transparency flattened onto
 * white (so every theme shows what the content gate judged), longest side at most 2048 px.
 */
export interface DecodedImage {
  width: number;
  height: number;
  sourceFormat: SourceFormat;
  /** 64-bit dHash, 16 lowercase hex chars; compare with `hammingDistance`. */
  perceptualHash: string;
  /** Finds it again after a mirror, a crop or a turn (see `fingerprintPhoto`). */
  fingerprint: PhotoFingerprint;
  /** Its pixels, the longest side at most `longSide` (never enlarged): what a model reads. */
  pixels(longSide: number): Promise<Pixels>;
  /**
   * What tells a picture from an image with none (see `judgeMeasures`), read at
   * `PICTURE_CHECK_SIDE`, off the event loop.
   */
  pictureMeasures(): Promise<PictureMeasures>;
  /** Its local keypoints, found once when first asked (only a photo with candidates needs them). */
  keypoints(): Promise<PhotoKeypoints>;
  /** The stored encodings and measurements of the same pixels, under way since decoding. */
  processed: Promise<ProcessedImage>;
}

/**
 * Formats we accept, read from the bytes (never from the declared type or the file name). JPEG, PNG
 * and WebP are what the upload hint promises; AVIF too, as the prebuilt sharp binaries decode it
 * and some phones and browsers produce it. HEIC is refused with its own message: the prebuilt
 * binaries carry no HEVC decoder (patents). SVG is a document, not a photo. Animated WebP/AVIF keep
 * their first frame only.
 */
export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** Measurements of photo quality, each 0..1 unless stated, rounded to 4 decimals. */
export interface ImageFeatures {
  /** Width of the orientation-corrected source, in pixels (before the 2048 px cap). */
  width: number;
  /** Height of the orientation-corrected source, in pixels (before the 2048 px cap). */
  height: number;
  /** Focus: variance of the Laplacian v mapped by v / (v + 200), so 0.5 means v = 200. */
  sharpness: number;
  /** Mean luma, 0 black .. 1 white. */
  meanLuminance: number;
  /**
   * How well exposed: 1 while the mean luma is within 0.4..0.6, falling linearly to 0 at pure
   * black or white, then multiplied by the share of pixels that are not clipped.
   */
  exposure: number;
  /** Standard deviation of luma divided by 0.25 (a punchy, well-lit photo), capped at 1. */
  contrast: number;
  /** Hasler–Süsstrunk colourfulness M (0..255 scale) divided by 109 ("extremely colourful"). */
  colourfulness: number;
  /**
   * Composition from gradient energy (where the detail is): half how close its centroid is to
   * the centre, half how much of the frame the central 80% of it spans (full marks from 30%).
   */
  framing: number;
}

export interface ProcessedImage {
  /** The normalised image (see DecodedImage) as WebP, with no metadata. */
  webp: Buffer;
  /** WebP, longest side at most 480 px. */
  thumbnail: Buffer;
  /** sha256 hex of `webp`: the storage key. */
  contentHash: string;
  /** 64-bit dHash, 16 lowercase hex chars; compare with `hammingDistance`. */
  perceptualHash: string;
  /** Finds it again after a mirror, a crop or a turn (see `fingerprintPhoto`). */
  fingerprint: PhotoFingerprint;
  /** Size of `webp`. */
  width: number;
  height: number;
  sourceFormat: SourceFormat;
  features: ImageFeatures;
}

/** The bytes are not a photo we can read. Maps to 400 through the domain error filter. */
export class NotAnImageError extends ValidationError {
  constructor(message = 'Please upload an image file') {
    super(message);
  }
}

/** The image claims more pixels than we are willing to decode. */
export class ImageTooLargeError extends ValidationError {
  constructor(maxPixels: number) {
    super(`Image dimensions are too large (at most ${Math.round(maxPixels / 1e6)} megapixels)`);
  }
}
