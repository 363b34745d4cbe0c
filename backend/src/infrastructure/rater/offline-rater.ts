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
 * scores what the image pipeline measured (focus, exposure, contrast, colour, framing), and its
 * comment says what it measured, with the figures (`offlineComment`); the screens say that an
 * offline rating scores the photo, not the feet (the `rater` of every rating answer). Same
 * features in, same assessment out: no randomness, no clock.
 *
 * It cannot see what the photo shows, so it does no content check: the verdict is always 'ok'.
 * Deployments that need content moderation must use the OpenAI rater.
 *
 * Formula. Each quality is 0..1: focus = sharpness, lighting = exposure, contrast = contrast,
 * colour = min(1, colourfulness / 0.45) (skin on a plain background is not very colourful, so
 * moderate colour already counts as full marks), framing = framing. Then
 *   toeAlignment = 0.6 framing + 0.4 focus      (can the toes be seen, lined up in frame)
 *   toeNails     = 0.6 focus   + 0.4 colour     (small detail and its colour)
 *   footShape    = 0.6 framing + 0.4 contrast   (the outline against the background)
 *   aesthetic    = 0.4 lighting + 0.3 colour + 0.3 contrast
 * and a category scores 2 + 8 x value, so the worst photo gets 2 and a flawless one 10, one
 * decimal. Overall is the mean of the four category scores, one decimal.
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
