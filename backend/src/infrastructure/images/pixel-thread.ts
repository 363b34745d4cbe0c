import type { Worker } from 'node:worker_threads';
import { workerBeside } from '../worker-thread';
import type { PixelAnswers, PixelMessage, PixelReply, PixelRequest } from './pixel-protocol';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * The main thread's side of the pixel worker (pixel-worker.ts): one worker thread for the whole
 * process, started on first use, holding the process open only while it has work. A crash or an
 * exit fails what it had and the next request starts a fresh one.
 */
class PixelThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  run<Op extends PixelRequest['op']>(
    request: Extract<PixelRequest, { op: Op }>,
  ): Promise<PixelAnswers[Op]> {
    const worker = this.started();
    const id = this.nextId++;
    const answer = new Promise<PixelAnswers[Op]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
    if (this.pending.size === 1) worker.ref();
    const message: PixelMessage = { ...request, id };
    worker.postMessage(message, transferables(request));
    return answer;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = workerBeside(__filename, 'pixel-worker');
    this.worker = worker;
    worker.unref();
    worker.on('message', (reply: PixelReply) => {
      const entry = this.pending.get(reply.id);
      if (!entry) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) entry.resolve(reply.value);
      else entry.reject(new Error(`Image processing failed: ${reply.message}`));
    });
    const stopped = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const error = new Error(`Image processing stopped: ${why}`);
      for (const entry of this.pending.values()) entry.reject(error);
      this.pending.clear();
    };
    worker.on('error', (error) => stopped(error.message));
    worker.on('exit', (code) => stopped(`its worker exited with code ${code}`));
    return worker;
  }
}

/** The pixel buffers a request carries, handed over to the worker instead of copied. */
function transferables(request: PixelRequest): ArrayBuffer[] {
  switch (request.op) {
    case 'fingerprint':
    case 'keypoints':
      return [ownBuffer(request.grey)];
    case 'features':
    case 'pictureMeasures':
      return [ownBuffer(request.rgb)];
    case 'match':
      return [];
  }
}

/**
 * A copy of the pixels in memory of JavaScript's own, whose buffer is handed over: sharp's
 * buffers live outside the heap, and handing one of those over makes the event loop copy it
 * anyway, more slowly (the bench's health-while-uploading row shows it).
 */
function ownBuffer(holder: { data: Uint8Array }): ArrayBuffer {
  holder.data = Uint8Array.prototype.slice.call(holder.data);
  return holder.data.buffer as ArrayBuffer;
}

/** The process's one pixel worker. */
export const pixelThread = new PixelThread();
