import type {
  ContentGate,
  GateDecision,
  GateInput,
} from '../../application/ports/content-gate.port';
import { decideOffline, OFFLINE_GATE_VERSION, tooSmall } from './gate-rules';
import { type LoadReport, ModelWorker, type ModelWorkerOptions } from './model-worker';

/** The models look at no more than this on the long side (SSD reads 512, MoveNet 192). */
export const JUDGED_SIDE = 1024;

/**
 * The gate that works offline: face, pose and nudity models in one worker thread, the decision
 * from `decideOffline`. The image's pixels, scaled down in libvips' threads (off the event loop)
 * once the image has a place in the queue, are handed to the worker.
 */
export class OfflineContentGate implements ContentGate {
  readonly name = OFFLINE_GATE_VERSION;
  private readonly worker: ModelWorker;

  constructor(options: ModelWorkerOptions) {
    this.worker = new ModelWorker(options);
  }

  /** Starts loading the models (once); resolves when they are ready. */
  async ready(): Promise<void> {
    await this.worker.ready();
  }

  /** How long the models took to load and the worker's memory then. */
  loadReport(): Promise<LoadReport> {
    return this.worker.ready();
  }

  async judge(input: GateInput): Promise<GateDecision> {
    const small = tooSmall(input, this.name);
    if (small) return small;
    const { scores } = await this.worker.score(() => input.pixels(JUDGED_SIDE));
    return decideOffline(scores);
  }

  /** Images waiting for the models or being judged. */
  get queued(): number {
    return this.worker.queued;
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
