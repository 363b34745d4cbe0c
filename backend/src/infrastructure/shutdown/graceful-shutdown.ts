import type { HttpDrain } from './http-drain';

interface ShutdownLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string, trace?: unknown): void;
}

export interface GracefulShutdownOptions {
  drain: HttpDrain;
  /** The bound the requests in flight get, and with them the work they started. */
  graceMs: number;
  /** Work started by answered requests (mails), awaited within what is left of the bound. */
  settle: () => Promise<void>;
  /** Closes the app: the projections finish their batch and hand over, the stores close. */
  close: () => Promise<void>;
  logger: ShutdownLogger;
  now?: () => number;
}

/**
 * Stops the app in order: no new requests, the ones in flight finish (or are cut at the
 * bound), the work they started settles, then the app closes (projections, lease, stores).
 * Answers the exit code: 0 for a clean stop, 1 when closing failed.
 */
export async function stopGracefully(
  reason: string,
  options: GracefulShutdownOptions,
): Promise<number> {
  const { drain, graceMs, logger } = options;
  const now = options.now ?? (() => performance.now());
  const started = now();
  const bound = `${graceMs / 1000} s`;
  try {
    logger.log(
      `${reason}: stopping. No new requests; ${drain.inFlight} in flight get up to ${bound}`,
    );
    const { finished, cut } = await drain.drain(graceMs);
    for (const request of cut) logger.warn(`Cut at the ${bound} bound: ${request}`);
    const left = Math.max(0, graceMs - (now() - started));
    if (!(await within(options.settle(), left))) {
      logger.warn(`Work started by answered requests was still running at the ${bound} bound`);
    }
    await options.close();
    const seconds = ((now() - started) / 1000).toFixed(1);
    logger.log(`Stopped in ${seconds} s: ${finished} requests finished, ${cut.length} cut`);
    return 0;
  } catch (error) {
    logger.error('Stopping failed', error instanceof Error ? error.stack : error);
    return 1;
  }
}

/**
 * Stops gracefully on the first SIGTERM or SIGINT and exits with its code; a second signal
 * during the stop exits at once (Ctrl-C twice). Answers a function that removes the listeners.
 */
export function stopOnSignals(
  options: GracefulShutdownOptions,
  exit: (code: number) => void = (code) => process.exit(code),
  signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
): () => void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      options.logger.warn(`${signal} again while stopping: exiting at once`);
      exit(1);
      return;
    }
    stopping = true;
    void stopGracefully(signal, options).then(exit);
  };
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.removeListener(signal, onSignal);
  };
}

/** Whether `work` settles within `ms`; it is not stopped when it does not. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
