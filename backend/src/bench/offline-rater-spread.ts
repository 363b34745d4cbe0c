/**
 * `npm run rater:spread -- DIR [--verbose]`: rates every image under DIR with the offline rater,
 * as an upload is rated, and prints how the overall scores spread (mean, standard deviation, 10th
 * and 90th percentiles), the badges given, and whether every photo whose comment names a fault
 * (blurry, badly framed, dark, glaring) scores at most 5.5; per class (each sub-folder) too.
 * `--verbose` adds each photo's score and comment. For calibrating `QUALITY_CURVES` in
 * `infrastructure/rater/offline-rater.ts` on phone photos of feet; nothing here asserts a figure.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { PhotoAssessment } from '../application/ports/rater.port';
import { processImage } from '../infrastructure/images/image-pipeline';
import { photoFault } from '../infrastructure/rater/offline-comment';
import { assessFeatures, qualitiesOf } from '../infrastructure/rater/offline-rater';
import { imagesByClass } from './content-gate-rates';

/** The badges of the web client (`frontend/src/lib/score.ts`), highest first. */
const BADGES: readonly [number, string][] = [
  [9, 'LEGENDARY'],
  [8, 'EXCELLENT'],
  [7, 'GREAT'],
  [6, 'GOOD'],
  [5, 'AVERAGE'],
  [3, 'BELOW AVERAGE'],
  [0, 'NEEDS WORK'],
];

export interface Spread {
  photos: number;
  mean: number;
  sd: number;
  p10: number;
  p90: number;
  badges: Record<string, number>;
  faulted: number;
  /** Photos whose comment names a fault and that still score over 5.5. */
  faultedAbove: number;
}

/** A photo as rated, with whether its comment names a fault the score must follow. */
interface Rated {
  assessment: PhotoAssessment;
  faulted: boolean;
}

export function spreadOf(rated: readonly Rated[]): Spread {
  const assessments = rated.map(({ assessment }) => assessment);
  const overall = assessments.map((a) => a.overall).sort((a, b) => a - b);
  const mean = overall.reduce((sum, x) => sum + x, 0) / overall.length;
  const sd = Math.sqrt(overall.reduce((sum, x) => sum + (x - mean) ** 2, 0) / overall.length);
  const at = (p: number) => overall[Math.floor(p * (overall.length - 1))] ?? 0;
  const badges: Record<string, number> = {};
  for (const { overall: score } of assessments) {
    const badge = BADGES.find(([from]) => score >= from)![1];
    badges[badge] = (badges[badge] ?? 0) + 1;
  }
  const faulted = rated.filter((r) => r.faulted).map(({ assessment }) => assessment);
  return {
    photos: overall.length,
    mean,
    sd,
    p10: at(0.1),
    p90: at(0.9),
    badges,
    faulted: faulted.length,
    faultedAbove: faulted.filter((a) => a.overall > 5.5).length,
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = args.find((arg) => !arg.startsWith('--'));
  if (!dir) {
    console.error('Usage: npm run rater:spread -- DIR [--verbose]');
    process.exitCode = 2;
    return;
  }
  const all: Rated[] = [];
  const print = (label: string, s: Spread) =>
    console.log(
      `${label}: ${s.photos} photos, mean ${s.mean.toFixed(2)}, SD ${s.sd.toFixed(2)}, ` +
        `P10 ${s.p10}, P90 ${s.p90} (spread ${(s.p90 - s.p10).toFixed(1)}); ` +
        `faults named ${s.faulted}, of which over 5.5: ${s.faultedAbove}; ` +
        Object.entries(s.badges)
          .map(([badge, count]) => `${badge} ${count}`)
          .join(', '),
    );
  for (const [label, files] of imagesByClass(dir)) {
    const assessments: Rated[] = [];
    for (const file of files) {
      const { features } = await processImage(readFileSync(file));
      const assessment = assessFeatures(features);
      const faulted = photoFault(features, qualitiesOf(features)) !== null;
      assessments.push({ assessment, faulted });
      if (args.includes('--verbose')) {
        console.log(`${basename(file)} ${assessment.overall} ${assessment.comment}`);
      }
    }
    all.push(...assessments);
    print(label, spreadOf(assessments));
  }
  if (all.length > 0) print('all', spreadOf(all));
}

if (require.main === module) void main();
