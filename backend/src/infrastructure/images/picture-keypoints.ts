import type { KeypointSet, PhotoKeypoints } from '../../application/ports/image-processor.port';
import type { KeypointMatch } from '../../domain/post/same-picture';
import type { GreyBuffer } from './pixel-protocol';

/**
 * Local keypoints and their geometric check, with OpenCV's WebAssembly build (loaded once in the
 * pixel worker): ORB keypoints at `KEYPOINT_LONG_SIDE`, and the matches that one transform (a turn,
 * a uniform scale and a shift: what a crop, a turn and a resize do) puts in place, by RANSAC. Two
 * photos of one floor share a few keypoints by chance, or those on the floor; a picture and its
 * edit share hundreds, most of their keypoints.
 */

/** The photo's longest side when its keypoints are found: one scale for every photo. */
export const KEYPOINT_LONG_SIDE = 400;

/** ORB: how many keypoints at most, and the corner threshold (low: plain floors and skin have some). */
const ORB_FEATURES = 500;
const ORB_FAST_THRESHOLD = 8;
/** Lowe's ratio test: a match is kept when clearly better than the second best. */
const MATCH_RATIO = 0.8;
/** A descriptor this far off (of 256 bits) is no match at all. */
const MATCH_MAX_BITS = 64;
/** RANSAC: how far (pixels at `KEYPOINT_LONG_SIDE`) a point may land from where the transform puts it. */
const RANSAC_PIXELS = 4;
/**
 * What an edit can do to the scale: a crop of 15% and a straightening turn enlarge the rest by
 * up to about 1.4, a turn kept whole on a grown canvas shrinks it to about 0.8.
 */
const PLAUSIBLE_SCALE = { min: 0.6, max: 1.7 } as const;
/** How far from a similarity (unequal scales, axes off square) an edit's transform may be. */
const MAX_SHEAR = 0.15;
/** Turns a re-poster straightens by; beyond it the transform is a chance alignment. */
const PLAUSIBLE_TURN_DEGREES = 30;

/** The subset of OpenCV's JavaScript bindings used here. */
interface Mat {
  rows: number;
  data: Uint8Array;
  data64F: Float64Array;
  empty(): boolean;
  delete(): void;
}
interface Vector<T> {
  size(): number;
  get(index: number): T;
  delete(): void;
}
interface KeyPoint {
  pt: { x: number; y: number };
}
interface DMatch {
  queryIdx: number;
  trainIdx: number;
  distance: number;
}
interface OpenCv {
  CV_8UC1: number;
  CV_32FC2: number;
  NORM_HAMMING: number;
  RANSAC: number;
  ORB_HARRIS_SCORE: number;
  Mat: new () => Mat;
  KeyPointVector: new () => Vector<KeyPoint>;
  DMatchVectorVector: new () => Vector<Vector<DMatch>>;
  ORB: new (
    features: number,
    scaleFactor: number,
    levels: number,
    edgeThreshold: number,
    firstLevel: number,
    wtaK: number,
    scoreType: number,
    patchSize: number,
    fastThreshold: number,
  ) => {
    detectAndCompute(image: Mat, mask: Mat, keypoints: Vector<KeyPoint>, descriptors: Mat): void;
    delete(): void;
  };
  BFMatcher: new (
    norm: number,
    crossCheck: boolean,
  ) => {
    knnMatch(query: Mat, train: Mat, matches: Vector<Vector<DMatch>>, k: number): void;
    delete(): void;
  };
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): Mat;
  flip(source: Mat, destination: Mat, code: number): void;
  estimateAffine2D(from: Mat, to: Mat, inliers: Mat, method: number, threshold: number): Mat;
  onRuntimeInitialized?: () => void;
}

let loading: Promise<{ cv: OpenCv }> | null = null;

/**
 * OpenCV, loaded on first use, once per worker (see the decision record for its cost). The
 * module answers `then` as a promise of itself would, so it is handed over wrapped (never
 * returned from an async function): a promise resolved with it adopts it again and again and
 * never settles.
 */
function openCv(): Promise<{ cv: OpenCv }> {
  loading ??= new Promise<{ cv: OpenCv }>((resolve) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const cv = require('@techstark/opencv-js') as OpenCv & { Mat?: unknown };
    if (typeof cv.Mat === 'function') resolve({ cv });
    else cv.onRuntimeInitialized = () => resolve({ cv });
  });
  return loading;
}

/** The photo's keypoints as it is and mirrored (a mirror is an edit ORB does not see through). */
export async function photoKeypoints(grey: GreyBuffer): Promise<PhotoKeypoints> {
  const { cv } = await openCv();
  const image = cv.matFromArray(grey.height, grey.width, cv.CV_8UC1, grey.data);
  const mirrored = new cv.Mat();
  try {
    cv.flip(image, mirrored, 1);
    return { upright: detect(cv, image), mirrored: detect(cv, mirrored) };
  } finally {
    image.delete();
    mirrored.delete();
  }
}

function detect(cv: OpenCv, image: Mat): KeypointSet {
  const orb = new cv.ORB(
    ORB_FEATURES,
    1.2,
    8,
    31,
    0,
    2,
    cv.ORB_HARRIS_SCORE,
    31,
    ORB_FAST_THRESHOLD,
  );
  const keypoints = new cv.KeyPointVector();
  const descriptors = new cv.Mat();
  const mask = new cv.Mat();
  try {
    orb.detectAndCompute(image, mask, keypoints, descriptors);
    const count = keypoints.size();
    const points = new Float32Array(count * 2);
    for (let i = 0; i < count; i++) {
      const { pt } = keypoints.get(i);
      points[2 * i] = pt.x;
      points[2 * i + 1] = pt.y;
    }
    return { count, points, descriptors: Uint8Array.from(descriptors.data) };
  } finally {
    orb.delete();
    keypoints.delete();
    descriptors.delete();
    mask.delete();
  }
}

/**
 * How many keypoints of `upload` (as it is, or mirrored: the better of the two) land where one
 * plausible edit transform puts those of `post`: 0 when no such transform is found.
 */
export async function matchingKeypoints(
  upload: PhotoKeypoints,
  post: PhotoKeypoints,
): Promise<KeypointMatch> {
  const { cv } = await openCv();
  const upright = inliers(cv, upload.upright, post.upright);
  const mirrored = inliers(cv, upload.mirrored, post.upright);
  return mirrored.matching > upright.matching ? mirrored : upright;
}

const NO_MATCH: KeypointMatch = { matching: 0, share: 0 };

function inliers(cv: OpenCv, from: KeypointSet, to: KeypointSet): KeypointMatch {
  const pairs = matches(cv, from, to);
  if (pairs.length < 4) return NO_MATCH;
  const source = cv.matFromArray(
    pairs.length,
    1,
    cv.CV_32FC2,
    pairs.flatMap(([i]) => [from.points[2 * i], from.points[2 * i + 1]]),
  );
  const target = cv.matFromArray(
    pairs.length,
    1,
    cv.CV_32FC2,
    pairs.flatMap(([, j]) => [to.points[2 * j], to.points[2 * j + 1]]),
  );
  const mask = new cv.Mat();
  const transform = cv.estimateAffine2D(source, target, mask, cv.RANSAC, RANSAC_PIXELS);
  try {
    if (transform.empty() || !plausible(transform.data64F)) return NO_MATCH;
    let count = 0;
    for (let i = 0; i < mask.rows; i++) count += mask.data[i] ? 1 : 0;
    return { matching: count, share: count / Math.min(from.count, to.count) };
  } finally {
    source.delete();
    target.delete();
    mask.delete();
    transform.delete();
  }
}

/** Index pairs (from, to) of descriptors that pass the ratio test. */
function matches(cv: OpenCv, from: KeypointSet, to: KeypointSet): [number, number][] {
  if (from.count < 2 || to.count < 2) return [];
  const query = cv.matFromArray(from.count, 32, cv.CV_8UC1, from.descriptors);
  const train = cv.matFromArray(to.count, 32, cv.CV_8UC1, to.descriptors);
  const matcher = new cv.BFMatcher(cv.NORM_HAMMING, false);
  const found = new cv.DMatchVectorVector();
  try {
    matcher.knnMatch(query, train, found, 2);
    const pairs: [number, number][] = [];
    for (let i = 0; i < found.size(); i++) {
      const candidates = found.get(i);
      if (candidates.size() >= 2) {
        const best = candidates.get(0);
        const second = candidates.get(1);
        if (best.distance <= MATCH_MAX_BITS && best.distance < MATCH_RATIO * second.distance) {
          pairs.push([best.queryIdx, best.trainIdx]);
        }
      }
      candidates.delete();
    }
    return pairs;
  } finally {
    query.delete();
    train.delete();
    matcher.delete();
    found.delete();
  }
}

/**
 * A 2x3 affine [a b tx; c d ty] close to what an edit makes: a uniform scale in range (its
 * columns of one length, at right angles) and a turn a re-poster would make.
 */
function plausible([a, b, , c, d]: Float64Array): boolean {
  const scaleX = Math.hypot(a, c);
  const scaleY = Math.hypot(b, d);
  const scale = Math.sqrt(Math.abs(a * d - b * c));
  const shear = Math.abs(scaleX / scaleY - 1) + Math.abs((a * b + c * d) / (scaleX * scaleY));
  const turn = Math.abs((Math.atan2(c, a) * 180) / Math.PI);
  return (
    a * d - b * c > 0 &&
    shear <= MAX_SHEAR &&
    scale >= PLAUSIBLE_SCALE.min &&
    scale <= PLAUSIBLE_SCALE.max &&
    turn <= PLAUSIBLE_TURN_DEGREES
  );
}
