import { Logger } from '@nestjs/common';

/**
 * A sweep that runs at start and then on a schedule (the subclass's `@Cron` method calls
 * `onSchedule()`), only in the process that holds the projections' lease (which calls `start`
 * and `stop`), one sweep at a time. `stopping` tells a sweep in progress to end at its next page.
 */
export abstract class LeasedSweep<Result> {
  protected readonly logger: Logger;
  /** Set on shutdown: a sweep under way stops at its next page instead of finishing. */
  protected stopping = false;
  private active = false;
  private sweeping: Promise<Result | undefined> = Promise.resolve(undefined);
  /** Settles when `stop` is called (see `unlessStopped`). */
  private stopped = stopSignal();

  protected constructor(name: string) {
    this.logger = new Logger(name);
  }

  /** Called with the projections caught up, by the process that holds their lease. */
  async start(): Promise<void> {
    this.active = true;
    this.stopping = false;
    this.stopped = stopSignal();
    await this.sweep().catch((error: unknown) => this.logger.error('Sweep failed', error));
  }

  async stop(): Promise<void> {
    this.active = false;
    this.stopping = true;
    this.stopped.resolve();
    await this.sweeping.catch(() => undefined);
  }

  /** What the subclass's scheduled method runs: a sweep, while this process is active. */
  protected async onSchedule(): Promise<void> {
    if (this.active) {
      await this.sweep().catch((error: unknown) => this.logger.error('Sweep failed', error));
    }
  }

  /** One sweep at a time: waits for one in progress, then sweeps; answers what it did. */
  sweep(): Promise<Result> {
    const next = this.sweeping.catch(() => undefined).then(() => this.sweepOnce());
    this.sweeping = next;
    return next;
  }

  /**
   * `wait`, or nothing once `stop` is called: for a wait a stopping sweep need not finish (the
   * read models reaching its last write: the projections stop first, so it would last its whole
   * timeout and hold the shutdown).
   */
  protected unlessStopped<T>(wait: Promise<T>): Promise<T | undefined> {
    return Promise.race([wait, this.stopped.promise.then(() => undefined)]);
  }

  protected abstract sweepOnce(): Promise<Result>;
}

function stopSignal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
