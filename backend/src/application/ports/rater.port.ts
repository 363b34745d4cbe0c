import type { ImageFeatures } from './image-processor.port';

export const PHOTO_RATER = Symbol('PhotoRater');

/** What the photo shows, as far as the rater can tell. Only 'ok' may be rated and published. */
export type ContentVerdict = 'ok' | 'not_feet' | 'face_or_person' | 'nudity_or_explicit';

export const CONTENT_VERDICTS: readonly ContentVerdict[] = [
  'ok',
  'not_feet',
  'face_or_person',
  'nudity_or_explicit',
];

export interface PhotoAssessment {
  verdict: ContentVerdict;
  /** Each 0..10 with one decimal. */
  scores: { toeAlignment: number; toeNails: number; footShape: number; aesthetic: number };
  /** 0..10 with one decimal. */
  overall: number;
  /** One or two friendly sentences, no medical claims, at most 280 characters. */
  comment: string;
  /** Which rater and version produced this, e.g. 'offline-v1' or 'openai:gpt-4o-mini'. */
  rater: string;
}

export interface RaterInput {
  image: Buffer;
  mimeType: 'image/webp' | 'image/jpeg' | 'image/png';
  features: ImageFeatures;
}

export interface PhotoRater {
  readonly name: string;
  rate(input: RaterInput): Promise<PhotoAssessment>;
}

/** The provider is down, timed out or gave an answer we cannot use. Worth a retry later. */
export class RaterUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RaterUnavailableError';
  }
}

export const MAX_COMMENT_LENGTH = 280;

/**
 * Which kind of rater rated, as the screens tell it: `openai` looked at the photo with a vision
 * model; `offline` measured the photograph (sharpness, light, framing) and cannot see the feet.
 */
export type RaterKind = 'openai' | 'offline';

export const RATER_KINDS: readonly RaterKind[] = ['openai', 'offline'];

/** The kind of a recorded rater name (`openai:gpt-4o-mini`, `offline-v1`). */
export function raterKind(rater: string): RaterKind {
  return rater.startsWith('openai') ? 'openai' : 'offline';
}

/** Clamps to 0..10 and rounds to one decimal; the one place every rater shapes its scores. */
export function toScore(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(10, Math.max(0, value)) * 10) / 10;
}
