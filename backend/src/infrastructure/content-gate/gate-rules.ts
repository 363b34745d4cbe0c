import {
  type GateDecision,
  type GateReason,
  MIN_JUDGED_SIDE,
} from '../../application/ports/content-gate.port';

/**
 * The gates' decision rules, apart from the models that produce the scores so that they can be
 * read, tested and tuned on their own. Each threshold sits beside the rate it gave where it was
 * measured (docs/trust-and-safety.md, "The content gate", has the full tables).
 */

/** Bumped whenever a rule or threshold below changes, so the audit trail says which rules ran. */
export const OFFLINE_GATE_VERSION = 'offline-v1';

/**
 * A face needs both detectors: face-api's SSD MobileNet v1 and Human's BlazeFace, each at 0.5 or
 * more. Alone, each fires on faceless scenes now and then (BlazeFace at 0.52 on a motorcycle,
 * SSD at 0.3 on gravel); together they refused every human face in both sample sets, and no
 * foot in the set of 241 bare-foot photos.
 */
export const FACE_MIN_SSD = 0.5;
export const FACE_MIN_HUMAN = 0.5;
/** SSD alone this sure, without BlazeFace agreeing: held for a moderator rather than refused. */
export const FACE_REVIEW_SSD = 0.6;
/**
 * A person: any upper-body point of MoveNet's pose (nose, eyes, ears, shoulders) at 0.5 or more.
 * On scenes without anyone these points stay under 0.35 (0.31 at most on our set).
 */
export const PERSON_MIN_POINT = 0.5;
export const UPPER_BODY_POINTS = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
] as const;
/** Nudity (nsfwjs MobileNetV2): Porn + Hentai at 0.95 or more is refused, 0.8 to 0.95 held. */
export const NUDITY_REFUSE = 0.95;
export const NUDITY_REVIEW = 0.8;
/** Sexy at 0.8 or more (suggestive, not explicit) is held for a moderator. */
export const SUGGESTIVE_REVIEW = 0.8;

/**
 * The offline gate's scores, by model and label, each 0..1: `face.ssd` and `face.human` (the
 * surest face of each detector, 0 when none), `pose.<point>` for the upper-body points and
 * `nsfw.<class>` for nsfwjs's five classes (drawing, hentai, neutral, porn, sexy).
 */
export type OfflineScores = Record<string, number>;

export interface ImageSize {
  width: number;
  height: number;
}

/** Refused before any model runs: too few pixels to see a face or a pose in. */
export function tooSmall(size: ImageSize, gate: string): GateDecision | null {
  if (Math.min(size.width, size.height) >= MIN_JUDGED_SIDE) return null;
  return { outcome: 'refuse', reason: 'too_small', scores: {}, gate };
}

/** Refusals first (nudity, then a face, then a person), then what a moderator should look at. */
export function decideOffline(scores: OfflineScores): GateDecision {
  const score = (key: string) => scores[key] ?? 0;
  const nudity = score('nsfw.porn') + score('nsfw.hentai');
  const ssd = score('face.ssd');
  const decision = (outcome: GateDecision['outcome'], reason: GateReason | null) => ({
    outcome,
    reason,
    scores,
    gate: OFFLINE_GATE_VERSION,
  });

  if (nudity >= NUDITY_REFUSE) return decision('refuse', 'nudity');
  if (ssd >= FACE_MIN_SSD && score('face.human') >= FACE_MIN_HUMAN) {
    return decision('refuse', 'face');
  }
  if (UPPER_BODY_POINTS.some((point) => score(`pose.${point}`) >= PERSON_MIN_POINT)) {
    return decision('refuse', 'person');
  }
  if (nudity >= NUDITY_REVIEW || score('nsfw.sexy') >= SUGGESTIVE_REVIEW) {
    return decision('review', 'nudity');
  }
  if (ssd >= FACE_REVIEW_SSD) return decision('review', 'face');
  return decision('pass', null);
}

/** The moderation model the online gate asks. */
export const MODERATION_MODEL = 'omni-moderation-latest';
/**
 * OpenAI moderation's `sexual` or `sexual/minors` category score at or above this: refused.
 * Its own `flagged` threshold for `sexual` sits near 0.5; we refuse a little above it.
 */
export const MODERATION_REFUSE = 0.5;
/** Either of them at or above this (suggestive rather than explicit): held for a moderator. */
export const MODERATION_REVIEW = 0.2;
const MODERATION_SEXUAL = ['sexual', 'sexual/minors'] as const;

/**
 * The online gate's decision from the moderation endpoint's category scores (recorded as
 * `moderation.<category>`). Faces and people are left to the vision rater, which already
 * refuses them (its verdict `face_or_person`).
 */
export function decideModeration(categoryScores: Record<string, number>): GateDecision {
  const scores = Object.fromEntries(
    Object.entries(categoryScores)
      .filter(([, value]) => typeof value === 'number' && Number.isFinite(value))
      .map(([category, value]) => [`moderation.${category}`, value]),
  );
  const score = (category: string) => scores[`moderation.${category}`] ?? 0;
  const gate = `openai:${MODERATION_MODEL}`;
  if (MODERATION_SEXUAL.some((category) => score(category) >= MODERATION_REFUSE)) {
    return { outcome: 'refuse', reason: 'nudity', scores, gate };
  }
  if (MODERATION_SEXUAL.some((category) => score(category) >= MODERATION_REVIEW)) {
    return { outcome: 'review', reason: 'nudity', scores, gate };
  }
  return { outcome: 'pass', reason: null, scores, gate };
}
