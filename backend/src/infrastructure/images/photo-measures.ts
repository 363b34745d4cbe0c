import type { ImageFeatures } from '../../application/ports/image-processor.port';

/**
 * The offline rater's measures of a photo (see `ImageFeatures`), from its RGB pixels at the
 * analysis size: run in the pixel worker, never on the event loop.
 */
const round4 = (value: number) => Math.round(value * 1e4) / 1e4;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Sharpness curve constant: the Laplacian variance that scores 0.5. */
const LAPLACIAN_HALF = 200;

export function measureFeatures(
  rgb: Uint8Array,
  info: { width: number; height: number; channels: number },
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
