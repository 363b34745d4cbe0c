import { parentPort } from 'node:worker_threads';
import { lowerThisThread } from '../threads/background-priority';
import { loadOfflineModels, type OfflineModels } from './offline-models';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

/**
 * The gate's worker thread: loads the models once, says so, then scores one image at a time in
 * the order they come (the queue's bound is kept by the main thread, see model-worker.ts).
 */
const port = parentPort;
if (!port) throw new Error('gate-worker runs only as a worker thread');
// Below the event loop, which answers requests while this works (background-priority.ts).
lowerThisThread();

const send = (reply: WorkerReply) => port.postMessage(reply);
const started = performance.now();
const loading: Promise<OfflineModels> = loadOfflineModels();
let queue: Promise<unknown> = loading.catch(() => undefined);

port.on('message', (request: WorkerRequest) => {
  queue = queue.then(async () => {
    const at = performance.now();
    try {
      const models = await loading;
      const scores = await models.score({
        data: new Uint8Array(request.data),
        width: request.width,
        height: request.height,
      });
      send({ type: 'scores', id: request.id, scores, ms: performance.now() - at });
    } catch (error) {
      send({ type: 'error', id: request.id, message: messageOf(error) });
    }
  });
});

loading.then(
  () =>
    send({
      type: 'ready',
      loadMs: performance.now() - started,
      rssBytes: process.memoryUsage().rss,
    }),
  (error: unknown) => send({ type: 'failed', message: messageOf(error) }),
);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
