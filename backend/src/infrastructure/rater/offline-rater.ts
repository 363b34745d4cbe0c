import type { ImageFeatures } from '../../application/ports/image-processor.port';
import {
  toScore,
  type PhotoAssessment,
  type PhotoRater,
  type RaterInput,
} from '../../application/ports/rater.port';
import { offlineComment, photoFault, POOR_BELOW, type Qualities } from './offline-comment';

const NAME = 'offline-v2';

/**
 * The rater used when no AI provider is configured. It rates the photograph, not the feet: it
 * scores what the image pipeline measured, and its comment gives the figures (`offlineComment`).
 * Same features in, same assessment out. It cannot see what the photo shows, so its verdict is
 * always 'ok': content moderation needs the OpenAI rater.
 */
export class OfflineRater implements PhotoRater {
  readonly name = NAME;

  rate(input: RaterInput): Promise<PhotoAssessment> {
    return Promise.resolve(assessFeatures(input.features));
  }
}

/**
 * Each measure to a quality (0..1) along a curve through what phone photos of bare feet measure:
 * a photo at the 10th percentile of such photos reads `POOR_BELOW` (the comment's poor band
 * below it), at the median 0.65 (its good band from there), at the 90th 0.95. Measures that
 * nearly every photo tops out (exposure, framing) would otherwise put every photo in one band.
 * The set and the spread it gives: `npm run rater:spread`, and docs/trust-and-safety.md.
 */
const QUALITY_CURVES: Record<keyof Qualities, readonly (readonly [number, number])[]> = {
  focus: [
    [0.05, 0],
    [0.15, POOR_BELOW],
    [0.43, 0.65],
    [0.8, 0.95],
    [1, 1],
  ],
  lighting: [
    [0.6, 0],
    [0.88, POOR_BELOW],
    [0.99, 0.65],
    [1, 1],
  ],
  contrast: [
    [0.4, 0],
    [0.59, POOR_BELOW],
    [0.75, 0.65],
    [0.94, 0.95],
    [1, 1],
  ],
  colour: [
    [0.05, 0],
    [0.14, POOR_BELOW],
    [0.22, 0.65],
    [0.41, 0.95],
    [0.6, 1],
  ],
  framing: [
    [0.5, 0],
    [0.79, POOR_BELOW],
    [0.9, 0.65],
    [0.97, 0.95],
    [1, 1],
  ],
};

/** The highest any score goes when the comment names a fault, at the fault's threshold. */
const FAULT_CEILING = 5.5;
/** The same ceiling for a fault measured at zero (a black frame, no detail at all). */
const WORST_FAULT_CEILING = 3;

/** The photo's qualities, each 0..1, as the scores and the comment read them. */
export function qualitiesOf(features: ImageFeatures): Qualities {
  return {
    focus: along(QUALITY_CURVES.focus, features.sharpness),
    lighting: along(QUALITY_CURVES.lighting, features.exposure),
    contrast: along(QUALITY_CURVES.contrast, features.contrast),
    colour: along(QUALITY_CURVES.colour, features.colourfulness),
    framing: along(QUALITY_CURVES.framing, features.framing),
  };
}

export function assessFeatures(features: ImageFeatures): PhotoAssessment {
  const quality = qualitiesOf(features);
  // A blurry, badly framed, dark or glaring photo (what the comment then names) scores low
  // whatever else measured well: the badge must not praise what the comment faults.
  const fault = photoFault(features, quality);
  const ceiling =
    fault === null
      ? 10
      : WORST_FAULT_CEILING + (FAULT_CEILING - WORST_FAULT_CEILING) * (fault.measure / POOR_BELOW);
  const category = (value: number) => toScore(Math.min(ceiling, 1 + 9 * value));
  const scores = {
    toeAlignment: category(0.6 * quality.framing + 0.4 * quality.focus),
    toeNails: category(0.6 * quality.focus + 0.4 * quality.colour),
    footShape: category(0.6 * quality.framing + 0.4 * quality.contrast),
    aesthetic: category(0.4 * quality.lighting + 0.3 * quality.colour + 0.3 * quality.contrast),
  };
  const overall = toScore(
    (scores.toeAlignment + scores.toeNails + scores.footShape + scores.aesthetic) / 4,
  );
  return {
    verdict: 'ok',
    scores,
    overall,
    comment: offlineComment(features, quality),
    rater: NAME,
  };
}

/** The curve's value at `measure`, straight between its points; 0 for a NaN (a corrupt record). */
function along(curve: readonly (readonly [number, number])[], measure: number): number {
  if (!Number.isFinite(measure)) return 0;
  let [fromMeasure, fromQuality] = curve[0]!;
  if (measure <= fromMeasure) return fromQuality;
  for (const [toMeasure, toQuality] of curve.slice(1)) {
    if (measure <= toMeasure) {
      return (
        fromQuality +
        ((toQuality - fromQuality) * (measure - fromMeasure)) / (toMeasure - fromMeasure)
      );
    }
    [fromMeasure, fromQuality] = [toMeasure, toQuality];
  }
  return fromQuality;
}
