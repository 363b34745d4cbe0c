/**
 * `npm run repost:rates`: how well the re-post check finds edited copies of real photos, and how
 * often it takes two different photos for one. Every fixture photo (`REPOST_PHOTOS`) is edited
 * in every way of `EDIT_KINDS`; an edit is found when the check would find the original's post
 * from the edit's upload, through the index's bands as `SimilarPhotos` does. The false matches are
 * counted on every pair of different photos, originals and edits alike. Prints the rates (what
 * docs/trust-and-safety.md quotes); `--verbose` prints each photo's misses.
 */
import { decodeImage } from '../infrastructure/images/image-pipeline';
import { hammingDistance, hashBands, SAME_PHOTO_MAX_BITS } from '../domain/post/perceptual-hash';
import {
  fingerprintBands,
  keysInBands,
  NEAR_DUPLICATE_MAX_BITS,
  nearDuplicate,
} from '../domain/post/photo-fingerprint';
import { EDIT_KINDS, type EditKind, editPhoto, fixturePhoto, REPOST_PHOTOS } from './repost-edits';

/** What the check knows of a photo: as an upload (probes) and as a post (keys). */
export interface Fingerprinted {
  imageHash: string;
  keys: string[];
  probes: string[];
}

export async function fingerprinted(photo: Buffer): Promise<Fingerprinted> {
  const decoded = await decodeImage(photo);
  decoded.processed.catch(() => undefined);
  return { imageHash: decoded.perceptualHash, ...decoded.fingerprint };
}

const bandsOf = new WeakMap<Fingerprinted, { dHash: Set<string>; probes: Set<string> }>();

/** The bands the index would file or look up `photo` under (worked out once a photo). */
function bands(photo: Fingerprinted) {
  let known = bandsOf.get(photo);
  if (!known) {
    known = {
      dHash: new Set(hashBands(photo.imageHash)),
      probes: new Set(photo.probes.flatMap(fingerprintBands)),
    };
    bandsOf.set(photo, known);
  }
  return known;
}

const shareOne = (a: Set<string>, b: Set<string>) => [...a].some((band) => b.has(band));

/** How the check finds `post` from `upload`: by the old dHash, by the fingerprint, or not. */
export function howFound(
  upload: Fingerprinted,
  post: Fingerprinted,
  maxBits = NEAR_DUPLICATE_MAX_BITS,
): 'dHash' | 'fingerprint' | null {
  if (
    shareOne(bands(upload).dHash, bands(post).dHash) &&
    hammingDistance(upload.imageHash, post.imageHash) <= SAME_PHOTO_MAX_BITS
  ) {
    return 'dHash';
  }
  // The index lists a post under each band with the keys of that band: those are compared.
  const listed = keysInBands(post.keys, bands(upload).probes);
  if (listed.length > 0 && nearDuplicate(upload.probes, listed, maxBits)) {
    return 'fingerprint';
  }
  return null;
}

export interface RepostRates {
  photos: number;
  byKind: { kind: EditKind; found: number; byDHashAlone: number; missed: string[] }[];
  distinctPairs: number;
  falseMatches: string[];
}

/** The fingerprints of every photo and of every edit of it. */
export interface RepostSet {
  photos: readonly string[];
  kinds: readonly EditKind[];
  originals: Map<string, Fingerprinted>;
  edits: Map<string, Map<EditKind, Fingerprinted>>;
}

export async function fingerprintSet(
  photos: readonly string[] = REPOST_PHOTOS,
  kinds: readonly EditKind[] = EDIT_KINDS,
): Promise<RepostSet> {
  const originals = new Map<string, Fingerprinted>();
  const edits = new Map<string, Map<EditKind, Fingerprinted>>();
  for (const name of photos) {
    const photo = fixturePhoto(name);
    originals.set(name, await fingerprinted(photo));
    const edited = new Map<EditKind, Fingerprinted>();
    for (const kind of kinds) edited.set(kind, await fingerprinted(await editPhoto(photo, kind)));
    edits.set(name, edited);
  }
  return { photos, kinds, originals, edits };
}

export function repostRates(
  { photos, kinds, originals, edits }: RepostSet,
  maxBits = NEAR_DUPLICATE_MAX_BITS,
): RepostRates {
  const byKind = kinds.map((kind) => {
    const outcomes = photos.map((name) => ({
      name,
      how: howFound(edits.get(name)!.get(kind)!, originals.get(name)!, maxBits),
    }));
    return {
      kind,
      found: outcomes.filter(({ how }) => how !== null).length,
      byDHashAlone: outcomes.filter(({ how }) => how === 'dHash').length,
      missed: outcomes.filter(({ how }) => how === null).map(({ name }) => name),
    };
  });
  // Every upload of one photo (original or edit) against the post of another (its original).
  let distinctPairs = 0;
  const falseMatches: string[] = [];
  for (const post of photos) {
    for (const other of photos) {
      if (other === post) continue;
      const uploads: [string, Fingerprinted][] = [
        ['original', originals.get(other)!],
        ...edits.get(other)!,
      ];
      for (const [kind, upload] of uploads) {
        distinctPairs += 1;
        if (howFound(upload, originals.get(post)!, maxBits)) {
          falseMatches.push(`${other} (${kind}) → ${post}`);
        }
      }
    }
  }
  return { photos: photos.length, byKind, distinctPairs, falseMatches };
}

async function main(): Promise<void> {
  const verbose = process.argv.includes('--verbose');
  const rates = repostRates(await fingerprintSet());
  const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(0)}%`;
  console.log(
    `Re-post check on ${rates.photos} real photos, each edited ${EDIT_KINDS.length} ways`,
  );
  console.log('edit | found | by the old dHash alone');
  for (const { kind, found, byDHashAlone, missed } of rates.byKind) {
    console.log(
      `${kind} | ${found}/${rates.photos} (${percent(found, rates.photos)}) | ${byDHashAlone}/${rates.photos}`,
    );
    if (verbose && missed.length > 0) console.log(`  missed: ${missed.join(', ')}`);
  }
  const found = rates.byKind.reduce((sum, kind) => sum + kind.found, 0);
  const all = rates.photos * rates.byKind.length;
  console.log(`all edits | ${found}/${all} (${percent(found, all)})`);
  console.log(
    `false matches | ${rates.falseMatches.length} of ${rates.distinctPairs} pairs of different photos (uploads of one photo or its edits against another's post)`,
  );
  for (const match of rates.falseMatches) console.log(`  ${match}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
