import sharp from 'sharp';
import type {
  ContentGate,
  GateDecision,
  GateInput,
} from '../../application/ports/content-gate.port';
import { decideOffline, OFFLINE_GATE_VERSION, tooSmall } from './gate-rules';
import { type LoadReport, ModelWorker, type ModelWorkerOptions } from './model-worker';
import type { Pixels } from './offline-models';

/** The models look at no more than this on the long side (SSD reads 512, MoveNet 192). */
export const JUDGED_SIDE = 1024;

/**
 * The gate that works offline: face, pose and nudity models in one worker thread, the decision
 * from `decideOffline`. The image is decoded here with sharp (off the event loop, in libvips'
 * threads) and its pixels are handed to the worker.
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
    // Measured on the image itself: the caller's width and height are not trusted.
    const { width = 0, height = 0 } = await sharp(input.image).metadata();
    const small = tooSmall({ width, height }, this.name);
    if (small) return small;
    const { scores } = await this.worker.score(() => decode(input.image));
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

/** RGB pixels, upright, at most JUDGED_SIDE on the long side. */
async function decode(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image, { failOn: 'error' })
    .rotate()
    .resize({ width: JUDGED_SIDE, height: JUDGED_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}
