import {
  type ContentGate,
  type GateDecision,
  type GateInput,
  GateUnavailableError,
} from '../../src/application/ports/content-gate.port';

/** A pass with no scores: what the scripted gate answers unless a test says otherwise. */
export const GATE_PASS: GateDecision = {
  outcome: 'pass',
  reason: null,
  scores: {},
  gate: 'scripted',
};

/**
 * The content gate of the tests: it passes every image unless the test scripts its next
 * decisions (`decideNext`, in order, then back to passing), or makes it unavailable. It keeps
 * what it was asked, so a test can tell whether an image reached the gate at all.
 */
export class ScriptedContentGate implements ContentGate {
  readonly name = 'scripted';
  readonly judged: GateInput[] = [];
  private readonly script: Array<GateDecision | 'unavailable'> = [];

  /** The next images get these decisions, one each, in order. */
  decideNext(...decisions: Array<Partial<GateDecision> & Pick<GateDecision, 'outcome'>>): this {
    for (const decision of decisions) this.script.push({ ...GATE_PASS, ...decision });
    return this;
  }

  /** The next image finds the gate unable to judge (its queue full, its provider down). */
  unavailableNext(): this {
    this.script.push('unavailable');
    return this;
  }

  /** Back to passing everything, forgetting what was asked. */
  reset(): void {
    this.script.length = 0;
    this.judged.length = 0;
  }

  async ready(): Promise<void> {}

  async judge(input: GateInput): Promise<GateDecision> {
    this.judged.push(input);
    const next = this.script.shift() ?? GATE_PASS;
    if (next === 'unavailable') throw new GateUnavailableError('The scripted gate is down');
    return next;
  }

  async close(): Promise<void> {}
}
