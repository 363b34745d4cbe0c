import { readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The nice value of every thread but the event loop's (Linux: 0 is the default, 19 the lowest
 * priority). At 10 the scheduler gives a thread about a tenth of the weight of one at 0, so
 * when libvips, the content gate's model and the pixel worker fill both cores with an upload,
 * the event loop still gets a core the moment a request comes in.
 */
export const BACKGROUND_NICE = 10;

/** Where Linux lists the process's threads (absent elsewhere: nothing is changed there). */
const THREADS = '/proc/self/task';

/**
 * Lowers every thread of the process except the event loop's to `BACKGROUND_NICE`: libvips'
 * workers, libuv's pool, the worker threads, V8's helpers. On Linux the nice value belongs to
 * each thread, and a thread started later takes its creator's. Threads already lowered (or
 * lowered further by someone else) are left alone. Answers how many were lowered.
 */
export function lowerBackgroundThreads(): number {
  let threadIds: number[];
  try {
    threadIds = readdirSync(THREADS).map(Number);
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const threadId of threadIds) {
    // The event loop runs on the main thread, whose id is the process's.
    if (threadId === process.pid || !Number.isInteger(threadId)) continue;
    try {
      if (getPriority(threadId) >= BACKGROUND_NICE) continue;
      setPriority(threadId, BACKGROUND_NICE);
      lowered++;
    } catch {
      // The thread ended between the listing and the call.
    }
  }
  return lowered;
}

/**
 * Lowers the calling thread (a worker thread, at its start) to `BACKGROUND_NICE` at once,
 * before its first piece of work. Linux only: elsewhere nothing is changed.
 */
export function lowerThisThread(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (threadId !== process.pid) setPriority(threadId, BACKGROUND_NICE);
  } catch {
    // Not Linux, or not allowed: the event loop only loses its head start.
  }
}
