import type { ContentGate, GateDecision } from '../../application/ports/content-gate.port';

/**
 * Placeholder binding of the content gate port until the real gates (offline models, OpenAI
 * moderation) are wired: it passes every image, with no scores, and says so in its name.
 */
export class PassThroughContentGate implements ContentGate {
  readonly name = 'pass-through';

  async ready(): Promise<void> {}

  async judge(): Promise<GateDecision> {
    return { outcome: 'pass', reason: null, scores: {}, gate: this.name };
  }

  async close(): Promise<void> {}
}
