import type { Pixels } from './image-processor.port';

export const CONTENT_GATE = Symbol('ContentGate');

/**
 * What the gate decided about an image, before it is stored or rated:
 * - `pass`: it may be rated and published;
 * - `review`: it may be rated, but its post is held out of every public board and page until an
 *   admin approves it;
 * - `refuse`: it is never stored; the uploader is told why.
 */
export type GateOutcome = 'pass' | 'review' | 'refuse';

/** Why an image was refused or held. */
export type GateReason = 'face' | 'person' | 'nudity' | 'too_small';

export interface GateDecision {
  outcome: GateOutcome;
  /** Set when the outcome is `review` or `refuse`: the rule that decided it. */
  reason: GateReason | null;
  /**
   * The scores that decided it, by model and label (e.g. `face.ssd`, `nsfw.porn`, `pose.nose`),
   * each 0..1, so that the audit trail shows why.
   */
  scores: Record<string, number>;
  /** Which gate and version decided, e.g. 'offline-v1' or 'openai:omni-moderation-latest'. */
  gate: string;
}

/**
 * The image to judge: the normalised image that is stored (a `DecodedImage` is one), judged on
 * its pixels while its stored encodings are still being made.
 */
export interface GateInput {
  width: number;
  height: number;
  /** Its pixels, the longest side at most `longSide` (never enlarged). */
  pixels(longSide: number): Promise<Pixels>;
}

export interface ContentGate {
  readonly name: string;
  /** Resolves once the gate's models are loaded; health reports the gate ready after it. */
  ready(): Promise<void>;
  judge(input: GateInput): Promise<GateDecision>;
  close(): Promise<void>;
}

/** The gate cannot judge now (its queue is full, or the provider is down): try again later. */
export class GateUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GateUnavailableError';
  }
}

/** Images whose short side is under this many pixels are too small to judge. */
export const MIN_JUDGED_SIDE = 256;
