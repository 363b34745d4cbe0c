/**
 * The photo fingerprint that finds re-posts after a mirror, a crop, a turn, a re-encode, a resize
 * or a light colour change (docs/trust-and-safety.md "Re-posted photos"; `npm run repost:rates`
 * measures its rates).
 *
 * DCT hashes of a square window of the photo's blurred greyscale: a coarse 64-bit hash, filed by
 * band, and a 256-bit detail hash that tells apart photos merely sharing a layout. A post's
 * **keys** hash its central window (half the short side) as it is, turned a few degrees each way
 * and mirrored, each at four positions half a probe step apart (a probe grid twice as fine at no
 * cost to an upload). An upload's **probes** hash where that window would be were the upload the
 * post cropped (up to ~15% off a side), turned (up to 10°) or zoomed out a little; one within
 * `NEAR_DUPLICATE_MAX_BITS` and `NEAR_DUPLICATE_MAX_DETAIL_BITS` of a key names a candidate for the
 * geometric check. Re-encoding, resizing and colour changes move few bits of a hash of blurred
 * greyscale. Pure TypeScript, so every adapter computes the same.
 */

/** A greyscale image, one value (0-255) a pixel, row by row. */
export interface GreyImage {
  data: ArrayLike<number>;
  width: number;
  height: number;
}

/** What the pipeline scales a photo to (its longest side) before fingerprinting it. */
export const FINGERPRINT_LONG_SIDE = 256;

/** At most this many differing bits between the coarse hashes of a probe and a key... */
export const NEAR_DUPLICATE_MAX_BITS = 12;
/**
 * ...and at most this many between their detail hashes: a candidate, which the geometric check
 * confirms or not (`samePictureVerdict`). Loose enough that a 10° turn of a small photo is named.
 */
export const NEAR_DUPLICATE_MAX_DETAIL_BITS = 64;

/**
 * Which fingerprint a post records: 1, the central window's keys alone (posts of 2026-11); 2,
 * the same keys and their half-step neighbours; 3, those turned 10° either way too. A post
 * recorded at an older version is fingerprinted again from its stored photo (the back-fill),
 * and its old keys stay valid: every version's keys are also the next one's.
 */
export const FINGERPRINT_VERSION = 3;

/** The version a photo's fingerprint was recorded at: absent, 1 when it has keys, else none (0). */
export function recordedVersion(image: {
  fingerprint?: readonly string[];
  fingerprintVersion?: number;
}): number {
  return image.fingerprintVersion ?? (image.fingerprint?.length ? 1 : 0);
}

export interface PhotoFingerprint {
  /** Hashes of the photo's central window (upright, turned, mirrored): what a post indexes. */
  keys: string[];
  /** Hashes of where another photo's central window would be if this one were an edit of it. */
  probes: string[];
}

/** Sampling grid of a window; the DCT keeps its 8x8 lowest frequencies. */
const GRID = 32;
/** Box blur radius (pixels of the 256 px image): sampling and JPEG noise stay out of the hash. */
const BLUR_RADIUS = 2;
/** The central window's side, as a share of the photo's short side. */
const WINDOW = 0.5;
const KEY_ANGLES = [-10, -5, 0, 5, 10];
/** Where a key's window sits besides the centre, in window sides: half a `PROBE_STEP` on. */
const KEY_OFFSETS = [0, 0.03];
const PROBE_ANGLES = [-2.5, 0, 2.5];
/** Window sides relative to `WINDOW`: above 1 for a crop or a turn of a post, below for its uncropped original. */
const PROBE_SCALES = [0.84, 0.92, 1, 1.08, 1.16, 1.25, 1.35, 1.45];
/** Between two probes' centres, in window sides. */
const PROBE_STEP = 0.06;
/**
 * How far the probes reach from the centre, in window sides along the short side (a 15% crop
 * from a corner moves the centre 0.15 of them), and at most `PROBE_MAX_REACH` along a long one
 * (a panorama 2.6 times as wide as high needs 0.39).
 */
const PROBE_REACH = 0.18;
const PROBE_MAX_REACH = 0.42;
/**
 * A photo turned on a grown canvas (the corners filled) shows the post's window smaller and
 * centred: these probes, centred, cover the turns between the keys' angles.
 */
const FILL_ANGLES = [-7.5, -5, 5, 7.5];
const FILL_SCALES = [0.8, 0.84, 0.88, 0.92];

const HASH = /^[0-9a-f]{80}$/;

export function isFingerprintHash(value: unknown): value is string {
  return typeof value === 'string' && HASH.test(value);
}

/** A list of fingerprint hashes as events carry them (anything else reads as none). */
export function fingerprintKeys(value: unknown): string[] {
  return Array.isArray(value) ? value.filter(isFingerprintHash) : [];
}

/** Keys and probes of a photo. */
export function fingerprintPhoto(image: GreyImage): PhotoFingerprint {
  const blurred = boxBlur(image, BLUR_RADIUS);
  const { width, height } = image;
  const short = Math.min(width, height);
  const side = WINDOW * short;
  const centre = { x: width / 2, y: height / 2 };
  const keys = new Set<string>();
  for (const mirror of [false, true]) {
    for (const angle of KEY_ANGLES) {
      for (const dx of KEY_OFFSETS) {
        for (const dy of KEY_OFFSETS) {
          const at = { x: centre.x + dx * side, y: centre.y + dy * side };
          keys.add(windowHash(blurred, { ...at, side, angle, mirror }));
        }
      }
    }
  }
  const probes = new Set<string>();
  const across = shifts((PROBE_REACH * width) / short);
  const down = shifts((PROBE_REACH * height) / short);
  for (const angle of PROBE_ANGLES) {
    for (const scale of PROBE_SCALES) {
      const probeSide = side * scale;
      for (const dx of across) {
        for (const dy of down) {
          const at = { x: centre.x + dx * probeSide, y: centre.y + dy * probeSide };
          probes.add(windowHash(blurred, { ...at, side: probeSide, angle, mirror: false }));
        }
      }
    }
  }
  for (const angle of FILL_ANGLES) {
    for (const scale of FILL_SCALES) {
      probes.add(windowHash(blurred, { ...centre, side: side * scale, angle, mirror: false }));
    }
  }
  return { keys: [...keys], probes: [...probes] };
}

/** The probes' centre shifts along one side: `PROBE_STEP` apart, out to `reach` (capped). */
function shifts(reach: number): number[] {
  const steps = Math.floor(Math.min(reach, PROBE_MAX_REACH) / PROBE_STEP + 1e-9);
  return Array.from({ length: 2 * steps + 1 }, (_, i) => (i - steps) * PROBE_STEP);
}

/**
 * Whether a probe of one photo and a key of the other are the same window: coarse hashes within
 * `maxBits` and detail hashes within `maxDetailBits`.
 */
export function nearDuplicate(
  probes: readonly string[],
  keys: readonly string[],
  maxBits = NEAR_DUPLICATE_MAX_BITS,
  maxDetailBits = NEAR_DUPLICATE_MAX_DETAIL_BITS,
): boolean {
  return closestDetail(probes, keys, maxBits, maxDetailBits) !== Infinity;
}

/** 32-bit words a fingerprint hash holds (80 hex digits). */
const WORDS = 10;

/** The hashes as 32-bit words, `WORDS` a hash, read once for the many comparisons. */
export function hashWords(hashes: readonly string[]): Uint32Array {
  const words = new Uint32Array(hashes.length * WORDS);
  hashes.forEach((hash, i) => {
    for (let word = 0; word < WORDS; word++) {
      words[i * WORDS + word] = parseInt(hash.slice(word * 8, word * 8 + 8), 16);
    }
  });
  return words;
}

/**
 * The fewest detail bits between a probe and a key within the thresholds (Infinity: none is):
 * how close a candidate is, to look at the closest first.
 */
export function closestDetail(
  probes: readonly string[] | Uint32Array,
  keys: readonly string[],
  maxBits = NEAR_DUPLICATE_MAX_BITS,
  maxDetailBits = NEAR_DUPLICATE_MAX_DETAIL_BITS,
): number {
  if (probes.length === 0 || keys.length === 0) return Infinity;
  // Probes compared with many posts' keys are read into words once (`hashWords`) by the caller.
  const probeWords = probes instanceof Uint32Array ? probes : hashWords(probes);
  const keyWords = hashWords(keys);
  let closest = Infinity;
  for (let p = 0; p < probeWords.length; p += WORDS) {
    for (let k = 0; k < keyWords.length; k += WORDS) {
      const coarse =
        popcount32(probeWords[p] ^ keyWords[k]) + popcount32(probeWords[p + 1] ^ keyWords[k + 1]);
      if (coarse > maxBits) continue;
      let detail = 0;
      for (let word = 2; word < WORDS; word++) {
        detail += popcount32(probeWords[p + word] ^ keyWords[k + word]);
      }
      if (detail <= maxDetailBits && detail < closest) closest = detail;
    }
  }
  return closest;
}

/**
 * The hash's bands: each of the six pairs of its coarse hash's four 16-bit quarters, named with
 * the pair and kept apart from the dHash's bands (`f13:ab12cd34`). A probe and a key of the same
 * picture share one in practice (the rates measure it through the bands); two photos of one
 * subject in one composition rarely do, where a single quarter is shared by most of them. So
 * the lookup reads the candidates, not the board.
 */
export function fingerprintBands(hash: string): string[] {
  if (!isFingerprintHash(hash)) return [];
  const quarters = [0, 1, 2, 3].map((quarter) => hash.slice(quarter * 4, quarter * 4 + 4));
  const bands: string[] = [];
  for (let a = 0; a < 4; a++) {
    for (let b = a + 1; b < 4; b++) bands.push(`f${a}${b}:${quarters[a]}${quarters[b]}`);
  }
  return bands;
}

/** Whether a key of `keys` has a band among `bands` (a set of `fingerprintBands`): what the index finds. */
export function sharesBand(keys: readonly string[], bands: ReadonlySet<string>): boolean {
  return keys.some((key) => fingerprintBands(key).some((band) => bands.has(band)));
}

function popcount32(value: number): number {
  let v = value >>> 0;
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

interface Window {
  x: number;
  y: number;
  side: number;
  angle: number;
  mirror: boolean;
}

interface Blurred {
  data: Float32Array;
  width: number;
  height: number;
}

/** Cosines of the DCT-II, the 16 lowest frequencies over `GRID` samples. */
const FREQUENCIES = 16;
const COSINES = Float64Array.from({ length: FREQUENCIES * GRID }, (_, at) =>
  Math.cos((Math.PI / GRID) * ((at % GRID) + 0.5) * Math.floor(at / GRID)),
);
/** A window's samples and its transform's two passes, reused window after window. */
const PATCH = new Float64Array(GRID * GRID);
const ROWS = new Float64Array(FREQUENCIES * GRID);
const ALL = new Float64Array(FREQUENCIES * FREQUENCIES);
const COARSE = new Float64Array(64);

/**
 * A window's hash, 80 hex digits: the coarse hash (64 bits: the signs of its 8x8 lowest
 * frequencies but the mean, and the next horizontal one, against their median), which the index
 * files, then the detail hash (256 bits: the same over its 16x16 lowest frequencies), which
 * tells apart photos that share a layout.
 */
function windowHash(image: Blurred, window: Window): string {
  const patch = samplePatch(image, window, PATCH);
  // Separable DCT: rows first, then columns.
  const rows = ROWS;
  for (let k = 0; k < FREQUENCIES; k++) {
    const cos = k * GRID;
    for (let j = 0; j < GRID; j++) {
      let sum = 0;
      for (let i = 0; i < GRID; i++) sum += COSINES[cos + i] * patch[j * GRID + i];
      rows[k * GRID + j] = sum;
    }
  }
  const all = ALL;
  for (let l = 0; l < FREQUENCIES; l++) {
    const cos = l * GRID;
    for (let k = 0; k < FREQUENCIES; k++) {
      let sum = 0;
      for (let j = 0; j < GRID; j++) sum += COSINES[cos + j] * rows[k * GRID + j];
      all[l * FREQUENCIES + k] = sum;
    }
  }
  const coarse = COARSE;
  let at = 0;
  for (let l = 0; l < 8; l++) {
    for (let k = 0; k < 8; k++) if (l > 0 || k > 0) coarse[at++] = all[l * FREQUENCIES + k];
  }
  coarse[at] = all[8];
  return signsAgainstMedian(coarse) + signsAgainstMedian(all);
}

function signsAgainstMedian(values: Float64Array): string {
  // A typed array sorts numerically, without a comparator to call.
  const sorted = values.slice().sort();
  const half = sorted.length / 2;
  const median = (sorted[half - 1] + sorted[half]) / 2;
  let hex = '';
  for (let nibble = 0; nibble < values.length / 4; nibble++) {
    let bits = 0;
    for (let b = 0; b < 4; b++) bits = (bits << 1) | (values[nibble * 4 + b] > median ? 1 : 0);
    hex += bits.toString(16);
  }
  return hex;
}

function samplePatch(
  image: Blurred,
  { x, y, side, angle, mirror }: Window,
  patch: Float64Array,
): Float64Array {
  const radians = (angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  for (let j = 0; j < GRID; j++) {
    const v = ((j + 0.5) / GRID - 0.5) * side;
    for (let i = 0; i < GRID; i++) {
      let u = ((i + 0.5) / GRID - 0.5) * side;
      if (mirror) u = -u;
      patch[j * GRID + i] = bilinear(image, x + u * cos - v * sin, y + u * sin + v * cos);
    }
  }
  return patch;
}

/** The value between pixels; outside the photo, its nearest edge. */
function bilinear({ data, width, height }: Blurred, x: number, y: number): number {
  // Plain comparisons and `| 0` rather than Math.*: this runs a million times an upload.
  const cx = x < 0 ? 0 : x > width - 1.001 ? width - 1.001 : x;
  const cy = y < 0 ? 0 : y > height - 1.001 ? height - 1.001 : y;
  const x0 = cx | 0;
  const y0 = cy | 0;
  const fx = cx - x0;
  const fy = cy - y0;
  const i = y0 * width + x0;
  const top = data[i] * (1 - fx) + data[i + 1] * fx;
  const bottom = data[i + width] * (1 - fx) + data[i + width + 1] * fx;
  return top * (1 - fy) + bottom * fy;
}

/** A box blur of `radius` each way, rows then columns, averaging what lies inside the photo. */
function boxBlur({ data, width, height }: GreyImage, radius: number): Blurred {
  const across = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    let count = 0;
    for (let x = -radius; x < width + radius; x++) {
      if (x + radius < width) {
        sum += data[row + x + radius];
        count++;
      }
      if (x - radius - 1 >= 0) {
        sum -= data[row + x - radius - 1];
        count--;
      }
      if (x >= 0 && x < width) across[row + x] = sum / count;
    }
  }
  for (let x = 0; x < width; x++) {
    let sum = 0;
    let count = 0;
    for (let y = -radius; y < height + radius; y++) {
      if (y + radius < height) {
        sum += across[(y + radius) * width + x];
        count++;
      }
      if (y - radius - 1 >= 0) {
        sum -= across[(y - radius - 1) * width + x];
        count--;
      }
      if (y >= 0 && y < height) out[y * width + x] = sum / count;
    }
  }
  return { data: out, width, height };
}
