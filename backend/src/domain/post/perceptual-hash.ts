/**
 * Perceptual hashes (64-bit dHash, 16 hex characters) and how re-posts are found with them. The
 * same photo re-encoded, resized or converted keeps its hash within a few bits; different photos
 * differ in many more (the image pipeline's tests measure both).
 */

/** At most this many differing bits: the same photo. */
export const SAME_PHOTO_MAX_BITS = 6;

/** The moderation flag of a post whose photo another account posted first. */
export const REPOST_FLAG = 'repost';

const PERCEPTUAL_HASH = /^[0-9a-f]{16}$/i;

export function isPerceptualHash(value: unknown): value is string {
  return typeof value === 'string' && PERCEPTUAL_HASH.test(value);
}

/** Number of differing bits between two perceptual hashes (0 identical .. 64). */
export function hammingDistance(a: string, b: string): number {
  if (!isPerceptualHash(a) || !isPerceptualHash(b)) {
    throw new TypeError('A perceptual hash is 16 hex characters');
  }
  let distance = 0;
  for (let i = 0; i < 16; i++) {
    let diff = parseInt(a[i], 16) ^ parseInt(b[i], 16);
    while (diff) {
      distance += diff & 1;
      diff >>= 1;
    }
  }
  return distance;
}

/**
 * The hash's four 16-bit bands, each named with its place (`2:ab12`). Two hashes within 3 bits
 * share at least one band (four bands, at most three changed), and hashes within 4 to 6 bits
 * usually do: looking up the bands finds the candidates without reading every post.
 */
export function hashBands(hash: string): string[] {
  if (!isPerceptualHash(hash)) return [];
  const lower = hash.toLowerCase();
  return [0, 1, 2, 3].map((band) => `${band}:${lower.slice(band * 4, band * 4 + 4)}`);
}
