import type { EmptyPictureKind } from './photo-rating.events';

/** An RGB image, 8 bits a channel, row by row. */
export interface RgbPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Longest side of the copy the measures read: one scale, so every upload is judged alike. */
export const PICTURE_CHECK_SIDE = 256;

/**
 * What tells an image that carries no picture from a photo, read from its pixels at
 * `PICTURE_CHECK_SIDE`. The limits were set on generated flat, noise, gradient and text-only
 * images (all refused) and on every photograph the repository's tests use, faces, animals,
 * textures and the stars included (all passed): see docs/decisions/no-picture-check.md.
 */
export const EMPTY_PICTURE_LIMITS = {
  /** Below this standard deviation (0..255) in every channel, the image is one colour. */
  flatChannelSpread: 4,
  /**
   * Below this correlation of neighbouring pixels' luma, it is noise: in a photograph a pixel
   * is much like the next one, in noise it is not.
   */
  noiseNeighbourCorrelation: 0.35,
  /**
   * Below this mean absolute Laplacian of the luma over a grid of about 32 cells a side, the
   * image has no shapes, only a smooth gradient (a blurred photo still has its shapes there).
   */
  smoothCoarseDetail: 3.5,
  /**
   * From this share of pixels in a single colour (5 bits a channel), with fewer than
   * `textColourCount` colours in all, it is text or a drawing on a plain ground.
   */
  textGroundShare: 0.6,
  textColourCount: 600,
} as const;

export interface PictureMeasures {
  /** Largest standard deviation of the three channels, 0..255. */
  channelSpread: number;
  /** Correlation of each pixel's luma with its right and lower neighbours', -1..1. */
  neighbourCorrelation: number;
  /** Mean absolute Laplacian of the luma on a coarse grid (the shapes, not the grain). */
  coarseDetail: number;
  /** Share of pixels in the commonest colour, 0..1. */
  groundShare: number;
  /** How many colours (5 bits a channel) the image uses. */
  colourCount: number;
}

/** What the image is when it carries no picture (`measurePicture`'s measures), or null for a picture. */
export function judgeMeasures(m: PictureMeasures): EmptyPictureKind | null {
  const limits = EMPTY_PICTURE_LIMITS;
  if (m.channelSpread < limits.flatChannelSpread) return 'flat';
  if (m.neighbourCorrelation < limits.noiseNeighbourCorrelation) return 'noise';
  if (m.coarseDetail < limits.smoothCoarseDetail) return 'smooth';
  if (m.groundShare >= limits.textGroundShare && m.colourCount < limits.textColourCount) {
    return 'text';
  }
  return null;
}

export function measurePicture({ data, width, height }: RgbPixels): PictureMeasures {
  const n = width * height;
  const luma = new Float64Array(n);
  const colours = new Map<number, number>();
  const sums = [0, 0, 0];
  const squares = [0, 0, 0];
  let lumaSum = 0;
  let lumaSquares = 0;
  for (let i = 0; i < n; i++) {
    const r = data[i * 3];
    const g = data[i * 3 + 1];
    const b = data[i * 3 + 2];
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    luma[i] = y;
    lumaSum += y;
    lumaSquares += y * y;
    sums[0] += r;
    sums[1] += g;
    sums[2] += b;
    squares[0] += r * r;
    squares[1] += g * g;
    squares[2] += b * b;
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    colours.set(key, (colours.get(key) ?? 0) + 1);
  }
  const spread = (k: number) => Math.sqrt(Math.max(0, squares[k] / n - (sums[k] / n) ** 2));
  const mean = lumaSum / n;
  const variance = Math.max(0, lumaSquares / n - mean * mean);
  let commonest = 0;
  for (const count of colours.values()) commonest = Math.max(commonest, count);
  return {
    channelSpread: Math.max(spread(0), spread(1), spread(2)),
    neighbourCorrelation: neighbourCorrelation(luma, width, height, mean, variance),
    coarseDetail: coarseDetail(luma, width, height),
    groundShare: n > 0 ? commonest / n : 1,
    colourCount: colours.size,
  };
}

function neighbourCorrelation(
  luma: Float64Array,
  width: number,
  height: number,
  mean: number,
  variance: number,
): number {
  // One colour: nothing varies, so every pixel is its neighbour's equal.
  if (variance < 1e-6) return 1;
  let products = 0;
  let pairs = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const here = luma[i] - mean;
      if (x + 1 < width) {
        products += here * (luma[i + 1] - mean);
        pairs++;
      }
      if (y + 1 < height) {
        products += here * (luma[i + width] - mean);
        pairs++;
      }
    }
  }
  return pairs > 0 ? products / pairs / variance : 1;
}

/** Mean |Laplacian| of the luma averaged into square cells, about 32 of them on the long side. */
function coarseDetail(luma: Float64Array, width: number, height: number): number {
  const cell = Math.max(1, Math.round(Math.max(width, height) / 32));
  const columns = Math.floor(width / cell);
  const rows = Math.floor(height / cell);
  if (columns < 3 || rows < 3) return 0;
  const grid = new Float64Array(columns * rows);
  const area = cell * cell;
  for (let y = 0; y < rows * cell; y++) {
    for (let x = 0; x < columns * cell; x++) {
      grid[Math.floor(y / cell) * columns + Math.floor(x / cell)] += luma[y * width + x] / area;
    }
  }
  let total = 0;
  let count = 0;
  for (let y = 1; y < rows - 1; y++) {
    for (let x = 1; x < columns - 1; x++) {
      const i = y * columns + x;
      total += Math.abs(
        4 * grid[i] - grid[i - 1] - grid[i + 1] - grid[i - columns] - grid[i + columns],
      );
      count++;
    }
  }
  return total / count;
}
