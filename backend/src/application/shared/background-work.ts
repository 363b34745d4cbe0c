import { Injectable, Logger } from '@nestjs/common';

/**
 * Work done after the answer has gone out (mailing a link, so that how long it takes cannot
 * tell whether an account exists). Failures are logged, never thrown at anyone. `settled()`
 * lets the dev outbox and tests wait for it on a condition instead of a timer.
 */
@Injectable()
export class BackgroundWork {
  private readonly logger = new Logger('BackgroundWork');
  private readonly inFlight = new Set<Promise<void>>();

  run(label: string, work: () => Promise<unknown>): void {
    const running: Promise<void> = Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => this.logger.error(`${label} failed`, error),
      )
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** Resolves once every piece of work started so far (and any it started) has finished. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
