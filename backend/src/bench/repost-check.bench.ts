import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { SimilarPhotos } from '../application/community/similar-photos';
import type { ReadModelWrite } from '../application/ports/read-store.port';
import { hashBands } from '../domain/post/perceptual-hash';
import {
  closestDetail,
  FINGERPRINT_LONG_SIDE,
  fingerprintBands,
} from '../domain/post/photo-fingerprint';
import { decodeImage, sharpImageProcessor } from '../infrastructure/images/image-pipeline';
import { LocalImageStorage } from '../infrastructure/images/local-image-storage';
import { pixelThread } from '../infrastructure/images/pixel-thread';
import { EmbeddedReadStore } from '../infrastructure/read-store/embedded-read-store';
import {
  PHOTO_FINGERPRINTS,
  type PhotoFingerprintDocument,
  photoFingerprintsProjection,
} from '../projections/photo-fingerprints/photo-fingerprints.projection';
import { POSTS } from '../projections/posts/posts.projection';
import { fixturePhoto, REPOST_PHOTOS } from './repost-edits';
import { defaultPhotoSet } from './repost-rates';
import { seededRandom } from './seeded-random';

export interface RepostCheckBench {
  posts: number;
  /** Photos whose real fingerprints the seeded posts' keys are drawn from. */
  poolPhotos: number;
  uploads: number;
  rounds: number;
  /** How long filing the posts took. */
  seedMs: number;
  /**
   * Median ms of the check of one upload: its fingerprint (in the pixel worker), the index
   * lookup, the candidates' distances and the geometric check of the closest.
   */
  checkMs: number;
  /** Median ms of the bare decode of the same uploads (libvips, to raw pixels). */
  decodeMs: number;
  /** Mean bands the lookup asked for, and posts it read, per upload. */
  bandsRead: number;
  postsRead: number;
  /** Mean candidates the fingerprint named per upload (the geometric check looks at 8 at most). */
  candidates: number;
}

/** Times each upload is checked (and decoded). */
const ROUNDS = 3;

/** An upload as the check meets it: decoded, and its greyscale as the fingerprint reads it. */
async function asUpload(bytes: Buffer) {
  const decoded = await decodeImage(bytes);
  decoded.processed.catch(() => undefined);
  const { data, info } = await sharp(bytes)
    .rotate()
    .greyscale()
    .resize({ width: FINGERPRINT_LONG_SIDE, height: FINGERPRINT_LONG_SIDE, fit: 'inside' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { decoded, grey: { data: new Uint8Array(data), width: info.width, height: info.height } };
}

/** Keys a post's photo is filed by (`fingerprintPhoto`: two mirrors, five angles, four offsets). */
const KEYS_PER_POST = 40;

interface PoolKey {
  coarse: string[];
  detail: string;
}

/**
 * The re-post check's cost with `postCount` posts, filed as the fingerprint projection files them.
 * Each seeded key takes each 16-bit quarter, and its detail, from a random real photo's key, so
 * quarters are as alike across posts as real keys make them while no two posts are the same photo.
 * Each of `uploads` is checked as an upload is (pixel worker, then `SimilarPhotos.repostedFrom`);
 * the anchor is the bare decode of the same file.
 */
export async function benchRepostCheck(
  postCount: number,
  pool: readonly Buffer[],
  uploads: readonly Buffer[],
): Promise<RepostCheckBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-repost-'));
  const store = new EmbeddedReadStore(join(dir, 'read-models.sqlite'));
  try {
    const keys: PoolKey[] = [];
    for (const photo of pool) {
      const decoded = await decodeImage(photo);
      decoded.processed.catch(() => undefined);
      for (const key of decoded.fingerprint.keys) {
        keys.push({
          coarse: [0, 1, 2, 3].map((band) => key.slice(band * 4, band * 4 + 4)),
          detail: key.slice(16),
        });
      }
    }
    const seeding = performance.now();
    await seed(store, postCount, keys);
    const seedMs = performance.now() - seeding;
    const similar = new SimilarPhotos(
      store,
      new LocalImageStorage(join(dir, 'images')),
      sharpImageProcessor,
    );
    const checked = await Promise.all(
      uploads.map(async (bytes) => ({ bytes, ...(await asUpload(bytes)) })),
    );
    const checkTimes: number[] = [];
    const decodeTimes: number[] = [];
    let bandsRead = 0;
    let postsRead = 0;
    let candidates = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const { bytes, grey, decoded } of checked) {
        const started = performance.now();
        const { probes } = await pixelThread.run({
          op: 'fingerprint',
          grey: { ...grey, data: grey.data.slice() },
        });
        await similar.repostedFrom(
          { imageHash: decoded.perceptualHash, probes, keypoints: decoded.keypoints },
          null,
        );
        checkTimes.push(performance.now() - started);
        const decoding = performance.now();
        await sharp(bytes)
          .rotate()
          .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
          .raw()
          .toBuffer();
        decodeTimes.push(performance.now() - decoding);
        if (round === 0) {
          const bands = [
            ...new Set([...hashBands(decoded.perceptualHash), ...probes.flatMap(fingerprintBands)]),
          ];
          const documents = await store.find<PhotoFingerprintDocument>(PHOTO_FINGERPRINTS, {
            bands: { $in: bands },
          });
          bandsRead += bands.length;
          postsRead += documents.length;
          candidates += documents.filter(
            (document) => closestDetail(probes, document.keys) !== Infinity,
          ).length;
        }
      }
    }
    return {
      posts: postCount,
      poolPhotos: pool.length,
      uploads: uploads.length,
      rounds: ROUNDS,
      seedMs,
      checkMs: median(checkTimes),
      decodeMs: median(decodeTimes),
      bandsRead: bandsRead / uploads.length,
      postsRead: postsRead / uploads.length,
      candidates: candidates / uploads.length,
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `count` posts filed as the projection files them (and in the posts collection), keys made of `keys`. */
async function seed(store: EmbeddedReadStore, count: number, keys: readonly PoolKey[]) {
  const random = seededRandom(7);
  const pick = () => keys[Math.floor(random() * keys.length)];
  const hex = (digits: number) =>
    Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join('');
  await store.ensureIndexes(PHOTO_FINGERPRINTS, photoFingerprintsProjection.indexes ?? []);
  const writes: ReadModelWrite[] = [];
  const flush = async () => {
    await store.commit(writes.splice(0), { name: 'bench', position: BigInt(++committed) });
  };
  let committed = 0;
  for (let i = 0; i < count; i++) {
    const postId = `post-${i}`;
    const authorId = `author-${i % 1000}`;
    const postKeys = Array.from({ length: KEYS_PER_POST }, () => {
      const coarse = [0, 1, 2, 3].map((quarter) => pick().coarse[quarter]).join('');
      return coarse + pick().detail;
    });
    const imageHash = hex(16);
    writes.push(
      {
        kind: 'upsert',
        collection: PHOTO_FINGERPRINTS,
        document: {
          _id: postId,
          authorId,
          imageHash,
          keys: postKeys,
          bands: [...new Set([...hashBands(imageHash), ...postKeys.flatMap(fingerprintBands)])],
        },
      },
      {
        kind: 'upsert',
        collection: POSTS,
        document: {
          _id: postId,
          authorId,
          contentHash: hex(64),
          createdAt: new Date(i * 1000).toISOString(),
        },
      },
    );
    if (writes.length >= 5000) await flush();
  }
  if (writes.length > 0) await flush();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The photos the bench seeds from and uploads: the shared set of one composition beside the
 * repository when it is there (see repost-rates.ts), else the fixture photos. The uploads are
 * made phone-sized (12 megapixels), as members send them.
 */
export async function repostCheckPhotos(): Promise<{ pool: Buffer[]; uploads: Buffer[] }> {
  const shared = defaultPhotoSet();
  const photos = shared
    ? readdirSync(shared)
        .filter((name) => /\.(jpe?g|png|webp)$/i.test(name))
        .sort()
        .map((name) => readFileSync(join(shared, name)))
    : REPOST_PHOTOS.map((name) => fixturePhoto(name));
  const uploadCount = shared ? 10 : 5;
  const uploads = photos.filter((_, i) => i % Math.floor(photos.length / uploadCount) === 0);
  const pool = photos.filter((photo) => !uploads.includes(photo));
  return {
    pool,
    uploads: await Promise.all(
      uploads
        .slice(0, uploadCount)
        .map((photo) =>
          sharp(photo)
            .rotate()
            .resize({ width: 4032, height: 4032, fit: 'inside' })
            .jpeg({ quality: 90 })
            .toBuffer(),
        ),
    ),
  };
}
