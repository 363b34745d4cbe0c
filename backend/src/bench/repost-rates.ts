/**
 * `npm run repost:rates`: how well the re-post check finds edited copies of real photos, and how
 * often it takes two photos for one (the rates docs/trust-and-safety.md quotes). The fingerprint
 * alone on the fixture photos (`REPOST_PHOTOS`), every edit of `EDIT_KINDS` and every pair; the
 * whole check on photos of one subject and composition (`--photos=DIR`, by default the shared
 * material's `repost-photos`), `--edits=N` of them (default 100) edited every way. `--verbose`
 * prints each miss.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PhotoKeypoints } from '../application/ports/image-processor.port';
import { closestDetail } from '../domain/post/photo-fingerprint';
import { samePictureVerdict, type SamePictureVerdict } from '../domain/post/same-picture';
import {
  decodeImage,
  keypointsOfImage,
  sharpImageProcessor,
} from '../infrastructure/images/image-pipeline';
import { hammingDistance, hashBands, SAME_PHOTO_MAX_BITS } from '../domain/post/perceptual-hash';
import {
  fingerprintBands,
  NEAR_DUPLICATE_MAX_BITS,
  nearDuplicate,
  sharesBand,
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
  // The index finds a post by any band of its keys; then all its keys are compared.
  if (
    sharesBand(post.keys, bands(upload).probes) &&
    nearDuplicate(upload.probes, post.keys, maxBits)
  ) {
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

/** A photo as the whole check sees it: as an upload, and as a post (keypoints of its thumbnail). */
interface Checked extends Fingerprinted {
  upload: PhotoKeypoints;
  post: PhotoKeypoints;
}

async function checked(photo: Buffer): Promise<Checked> {
  const decoded = await decodeImage(photo);
  const processed = await decoded.processed;
  return {
    imageHash: decoded.perceptualHash,
    ...decoded.fingerprint,
    upload: await decoded.keypoints(),
    post: await keypointsOfImage(processed.thumbnail),
  };
}

/** What the check measured of the closest candidates, for `--distribution`. */
const measured: { detail: number[]; keypoints: number[] } = { detail: [], keypoints: [] };

/** What the check says of `upload` against `posts`: as `SimilarPhotos` decides at an upload. */
async function verdictAmong(upload: Checked, posts: Checked[]): Promise<SamePictureVerdict> {
  const candidates = posts
    .filter((post) => howFound(upload, post) !== null)
    .map((post) => ({ post, distance: closestDetail(upload.probes, post.keys) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 8);
  let verdict: SamePictureVerdict = 'different';
  let most = 0;
  for (const { post } of candidates) {
    const match = await sharpImageProcessor.matchingKeypoints(upload.upload, post.post);
    most = Math.max(most, match.matching);
    const found = samePictureVerdict(match);
    if (found === 'same') verdict = 'same';
    if (found === 'unsure' && verdict === 'different') verdict = 'unsure';
  }
  if (candidates.length > 0) {
    measured.detail.push(candidates[0].distance);
    measured.keypoints.push(most);
  }
  return verdict;
}

/** `values` as a few quantiles. */
function quantiles(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return sorted.length === 0
    ? 'none'
    : `n ${sorted.length}, min ${sorted[0]}, p5 ${at(0.05)}, median ${at(0.5)}, p95 ${at(0.95)}, max ${sorted.at(-1)}`;
}

function printMeasured(what: string): void {
  if (!process.argv.includes('--distribution')) return;
  console.log(`  ${what}, closest detail bits: ${quantiles(measured.detail)}`);
  console.log(`  ${what}, most matching keypoints: ${quantiles(measured.keypoints)}`);
  measured.detail = [];
  measured.keypoints = [];
}

/** The shared set of photos of one composition, when there is one. */
/** The shared photo set of one composition beside the repository, when it is there. */
export function defaultPhotoSet(): string | null {
  const shared = join(__dirname, '..', '..', '..', '..', 'shared', 'repost-photos');
  return existsSync(shared) ? shared : null;
}

async function compositionRates(dir: string, editedCount: number, verbose: boolean) {
  const names = readdirSync(dir)
    .filter((name) => /\.(jpe?g|png|webp)$/i.test(name))
    .sort();
  const started = performance.now();
  const photos: Checked[] = [];
  for (const name of names) photos.push(await checked(readFileSync(join(dir, name))));
  const perPhotoMs = (performance.now() - started) / names.length;
  // Published one after another, each checked against those before it.
  const outcomes = { same: [] as string[], unsure: [] as string[] };
  let candidates = 0;
  for (let i = 1; i < photos.length; i++) {
    const before = photos.slice(0, i);
    if (before.some((post) => howFound(photos[i], post) !== null)) candidates += 1;
    const verdict = await verdictAmong(photos[i], before);
    if (verdict !== 'different') outcomes[verdict].push(names[i]);
  }
  const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
  const published = photos.length - 1;
  console.log(`\nThe whole check on ${names.length} photos of one composition (${dir})`);
  console.log(`decode, fingerprint and keypoints: ${perPhotoMs.toFixed(0)} ms a photo`);
  console.log(
    `distinct photos with a fingerprint candidate | ${candidates}/${published} (${percent(candidates, published)})`,
  );
  console.log(
    `distinct photos refused | ${outcomes.same.length}/${published} (${percent(outcomes.same.length, published)})`,
  );
  console.log(
    `distinct photos held for a moderator | ${outcomes.unsure.length}/${published} (${percent(outcomes.unsure.length, published)})`,
  );
  if (verbose) for (const name of [...outcomes.same, ...outcomes.unsure]) console.log(`  ${name}`);
  printMeasured('distinct photos with a candidate');
  // Edits of every `step`-th photo, each against the whole set as published.
  const step = Math.max(1, Math.floor(names.length / editedCount));
  const edited = names
    .map((_, i) => i)
    .filter((i) => i % step === 0)
    .slice(0, editedCount);
  console.log(`edit | refused | held | missed (${edited.length} photos)`);
  let refused = 0;
  let held = 0;
  for (const kind of EDIT_KINDS) {
    const counts = { same: 0, unsure: 0, different: 0 };
    const missed: string[] = [];
    for (const i of edited) {
      const upload = await checked(await editPhoto(readFileSync(join(dir, names[i])), kind));
      const verdict = await verdictAmong(upload, photos);
      counts[verdict] += 1;
      if (verdict === 'different') missed.push(names[i]);
    }
    refused += counts.same;
    held += counts.unsure;
    console.log(`${kind} | ${counts.same} | ${counts.unsure} | ${counts.different}`);
    if (verbose && missed.length > 0) console.log(`  missed: ${missed.join(', ')}`);
    printMeasured(kind);
  }
  const all = edited.length * EDIT_KINDS.length;
  console.log(
    `all edits | refused ${refused}/${all} (${percent(refused, all)}), held ${held} (${percent(held, all)}), found ${percent(refused + held, all)}`,
  );
}

async function main(): Promise<void> {
  const verbose = process.argv.includes('--verbose');
  const option = (name: string) =>
    process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dir = option('photos') ?? defaultPhotoSet();
  if (dir) await compositionRates(dir, Number(option('edits') ?? 100), verbose);
  else console.log('No photo set of one composition: pass --photos=DIR (see the file header).');
  if (option('photos')) return;
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
