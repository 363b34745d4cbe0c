import type { Worker } from 'node:worker_threads';
import { workerBeside } from '../worker-thread';
import { GateUnavailableError } from '../../application/ports/content-gate.port';
import type { OfflineScores } from './gate-rules';
import type { Pixels } from '../../application/ports/image-processor.port';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

export interface ModelWorkerOptions {
  /** Images waiting or being scored at most; one more is refused with GateUnavailableError. */
  queueLength: number;
  /** An image not scored within this long is given up (GateUnavailableError). */
  timeoutMs: number;
  log?: (line: string) => void;
}

export interface LoadReport {
  loadMs: number;
  rssBytes: number;
}

interface Pending {
  resolve(result: { scores: OfflineScores; ms: number }): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * The main thread's side of the gate's worker thread: starts it (its models load once), keeps
 * the bound on the queue, and turns a crash, a timeout or a closed worker into
 * GateUnavailableError. Scoring never runs on the event loop.
 */
export class ModelWorker {
  private worker: Worker | null = null;
  private loading: Promise<LoadReport> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ModelWorkerOptions) {}

  /** Starts the worker unless it runs; resolves once its models are loaded. */
  ready(): Promise<LoadReport> {
    if (this.closed) return Promise.reject(new GateUnavailableError('The content gate is closed'));
    this.loading ??= this.start();
    return this.loading;
  }

  /**
   * Takes a place in the queue (or refuses at once when it is full or closed), then gets the
   * image's pixels, so that only images in the queue are decoded and held in memory.
   */
  async score(pixels: () => Promise<Pixels>): Promise<{ scores: OfflineScores; ms: number }> {
    if (this.closed) throw new GateUnavailableError('The content gate is closed');
    if (this.pending.size >= this.options.queueLength) {
      throw new GateUnavailableError(
        `The content gate is busy (${this.pending.size} images in its queue)`,
      );
    }
    const id = this.nextId++;
    const result = new Promise<{ scores: OfflineScores; ms: number }>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.settle(id)?.reject(
          new GateUnavailableError(`The content gate took over ${this.options.timeoutMs} ms`),
        );
      }, this.options.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
    });
    // It may be given up (close, crash, timeout) while the image is still decoding, before the
    // caller holds it: marked handled here, the caller still gets the rejection it returns.
    result.catch(() => undefined);
    let image: Pixels;
    try {
      image = await pixels();
    } catch (error) {
      this.settle(id); // an image that cannot be decoded is the caller's problem, not an outage
      throw error;
    }
    try {
      await this.ready();
    } catch (error) {
      this.settle(id)?.reject(unavailable(error));
      return result;
    }
    // The place may have been given up (timeout, crash, close) meanwhile.
    if (this.pending.has(id) && this.worker) {
      const { data } = image;
      const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
      const request: WorkerRequest = {
        id,
        data: buffer as ArrayBuffer,
        width: image.width,
        height: image.height,
      };
      this.worker.postMessage(request, [buffer as ArrayBuffer]);
    }
    return result;
  }

  /** Images waiting or being scored. */
  get queued(): number {
    return this.pending.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new GateUnavailableError('The content gate is closed'));
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Promise<LoadReport> {
    const worker = workerBeside(__filename, 'gate-worker');
    this.worker = worker;
    return new Promise<LoadReport>((resolve, reject) => {
      worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'ready') {
          this.options.log?.(
            `content gate models loaded in ${Math.round(reply.loadMs)} ms, worker RSS ${Math.round(reply.rssBytes / 2 ** 20)} MB`,
          );
          resolve({ loadMs: reply.loadMs, rssBytes: reply.rssBytes });
        } else if (reply.type === 'failed') {
          reject(
            new GateUnavailableError(
              `The content gate could not load its models: ${reply.message}`,
            ),
          );
          void worker.terminate();
        } else if (reply.type === 'scores') {
          this.settle(reply.id)?.resolve({ scores: reply.scores, ms: reply.ms });
        } else {
          this.settle(reply.id)?.reject(
            new GateUnavailableError(`The content gate failed on an image: ${reply.message}`),
          );
        }
      });
      const stopped = (why: string) => {
        const error = new GateUnavailableError(`The content gate stopped: ${why}`);
        reject(error); // whoever waits for the models (nothing once they are loaded)
        if (this.worker !== worker) return; // closed on purpose
        this.worker = null;
        this.loading = null; // the next image starts a fresh worker
        this.options.log?.(error.message);
        this.failAll(error);
      };
      worker.on('error', (error) => stopped(error.message));
      worker.on('exit', (code) => stopped(`its worker exited with code ${code}`));
    });
  }

  private settle(id: number): Pending | undefined {
    const entry = this.pending.get(id);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    this.pending.delete(id);
    return entry;
  }

  private failAll(error: Error): void {
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(error);
  }
}

function unavailable(error: unknown): GateUnavailableError {
  if (error instanceof GateUnavailableError) return error;
  return new GateUnavailableError(`The content gate failed: ${String(error)}`, { cause: error });
}
