import type { ImageFeatures } from '../../application/ports/image-processor.port';
import {
  toScore,
  type PhotoAssessment,
  type PhotoRater,
  type RaterInput,
} from '../../application/ports/rater.port';

type Quality = 'focus' | 'lighting' | 'contrast' | 'colour' | 'framing';

/** Order decides ties, so equal measurements always pick the same comment. */
const QUALITIES: readonly Quality[] = ['focus', 'lighting', 'contrast', 'colour', 'framing'];

const PRAISE: Record<Quality, string> = {
  focus: 'Crisp focus brings out the details.',
  lighting: 'The lighting is nicely balanced.',
  contrast: 'Good contrast makes the shape stand out.',
  colour: 'The colours look natural and lively.',
  framing: 'Nicely centred and well framed.',
};

const TIP: Record<Quality, string> = {
  focus: 'Hold the phone steady or tap to focus for sharper detail.',
  lighting: 'Softer, even daylight would get the exposure right.',
  contrast: 'A plain background in a contrasting tone would help the shape stand out.',
  colour: 'Natural daylight would bring out warmer, truer colours.',
  framing: 'Try filling more of the frame with your feet, centred.',
};

const PREFIX = 'Offline photo-quality rating:';
/** Above this the weakest quality is not worth a tip. */
const NOTHING_TO_FIX = 0.8;
/** Below this the strongest quality is not worth praise. */
const NOTHING_TO_PRAISE = 0.35;

/**
 * The rater used when no AI provider is configured. It rates the photograph, not the feet: it
 * scores what the image pipeline measured (focus, exposure, contrast, colour, framing) and says
 * so in its comment. Same features in, same assessment out: no randomness, no clock.
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
  const quality: Record<Quality, number> = {
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
  return { verdict: 'ok', scores, overall, comment: commentFor(quality), rater: 'offline-v1' };
}

function commentFor(quality: Record<Quality, number>): string {
  let strongest = QUALITIES[0];
  let weakest = QUALITIES[0];
  for (const name of QUALITIES) {
    if (quality[name] > quality[strongest]) strongest = name;
    if (quality[name] < quality[weakest]) weakest = name;
  }
  const praiseWorthy = quality[strongest] >= NOTHING_TO_PRAISE;
  const praise = praiseWorthy ? PRAISE[strongest] : 'This photo is hard to judge.';
  let tip = TIP[weakest];
  if (quality[weakest] >= NOTHING_TO_FIX) tip = 'Nothing to fix here: a well-taken photo.';
  // All qualities equal: praising and criticising the same thing would contradict itself.
  else if (praiseWorthy && strongest === weakest) tip = '';
  return [PREFIX, praise, tip].filter(Boolean).join(' ');
}

/** Features are 0..1 by contract; this also turns a NaN from a corrupt record into 0. */
function unit(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
