import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { BACKGROUND_NICE, lowerBackgroundThreads } from './background-priority';

/** A worker thread that tells its thread id, then waits to be ended. */
async function startedWorker(code = ''): Promise<{ worker: Worker; threadId: number }> {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     ${code}
     const id = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
     parentPort.postMessage(id);
     setInterval(() => undefined, 1000);`,
    { eval: true },
  );
  const threadId = await new Promise<number>((resolve) => worker.once('message', resolve));
  return { worker, threadId };
}

const onLinux = existsSync('/proc/thread-self') ? describe : describe.skip;

onLinux('background thread priority', () => {
  it('given a worker thread at the default priority, when background threads are lowered, then it is lowered and the event loop is not', async () => {
    const eventLoop = getPriority(process.pid);
    const { worker, threadId } = await startedWorker();
    try {
      expect(getPriority(threadId)).toBe(eventLoop);

      lowerBackgroundThreads();

      expect(getPriority(threadId)).toBe(Math.max(eventLoop, BACKGROUND_NICE));
      expect(getPriority(process.pid)).toBe(eventLoop);
    } finally {
      await worker.terminate();
    }
  });

  it('given a worker thread that lowers itself at its start, when it runs, then it is already below the event loop', async () => {
    const module = require.resolve('./background-priority.ts');
    const register = require.resolve('../../../test/support/register-ts.js');
    const { worker, threadId } = await startedWorker(
      `require(${JSON.stringify(register)});
       require(${JSON.stringify(module)}).lowerThisThread();`,
    );
    try {
      expect(getPriority(threadId)).toBe(Math.max(getPriority(process.pid), BACKGROUND_NICE));
    } finally {
      await worker.terminate();
    }
  });
});
