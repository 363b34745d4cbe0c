import {
  type ContentGate,
  type GateDecision,
  GateUnavailableError,
} from '../../application/ports/content-gate.port';

/**
 * The gate of a `ROLE=worker` process, which serves no uploads: it loads no model (health
 * reports it ready) and judges nothing.
 */
export class NoUploadsGate implements ContentGate {
  readonly name = 'none (worker process)';

  async ready(): Promise<void> {}

  judge(): Promise<GateDecision> {
    return Promise.reject(new GateUnavailableError('A worker process judges no images'));
  }

  async close(): Promise<void> {}
}
