import type { ImageFeatures } from '../../application/ports/image-processor.port';
import {
  toScore,
  type PhotoAssessment,
  type PhotoRater,
  type RaterInput,
} from '../../application/ports/rater.port';
import { offlineComment, type Qualities } from './offline-comment';

/**
 * The rater used when no AI provider is configured. It rates the photograph, not the feet: it
 * scores what the image pipeline measured, and its comment gives the figures (`offlineComment`).
 * Same features in, same assessment out. It cannot see what the photo shows, so its verdict is
 * always 'ok': content moderation needs the OpenAI rater. Colour is full marks from 0.45
 * colourfulness: skin on a plain background is not very colourful.
 */
export class OfflineRater implements PhotoRater {
  readonly name = 'offline-v1';

  rate(input: RaterInput): Promise<PhotoAssessment> {
    return Promise.resolve(assessFeatures(input.features));
  }
}

export function assessFeatures(features: ImageFeatures): PhotoAssessment {
  const quality: Qualities = {
    focus: unit(features.sharpness),
    lighting: unit(features.exposure),
    contrast: unit(features.contrast),
    colour: unit(features.colourfulness / 0.45),
    framing: unit(features.framing),
  };
  const category = (value: number) => toScore(2 + 8 * value);
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
    rater: 'offline-v1',
  };
}

/** Features are 0..1 by contract; this also turns a NaN from a corrupt record into 0. */
function unit(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
