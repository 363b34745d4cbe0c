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

  protected constructor(name: string) {
    this.logger = new Logger(name);
  }

  /** Called with the projections caught up, by the process that holds their lease. */
  async start(): Promise<void> {
    this.active = true;
    this.stopping = false;
    await this.sweep().catch((error: unknown) => this.logger.error('Sweep failed', error));
  }

  async stop(): Promise<void> {
    this.active = false;
    this.stopping = true;
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

  protected abstract sweepOnce(): Promise<Result>;
}
