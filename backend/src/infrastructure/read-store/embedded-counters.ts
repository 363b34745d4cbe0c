import type { Logger } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { prepareStatements } from './embedded-read-store-file';

/** Increments from which expired counters are swept. */
const SWEEP_EVERY_INCREMENTS = 1000;

/**
 * The embedded read store's operational counters (rate limits, ended sessions' marks), kept in
 * its file and written at once: a mark must hold before the answer that set it. Increments asked
 * for in the same turn (a write's limits: four counters) share one transaction, in the order
 * asked: one commit to the write-ahead log instead of one each.
 */
export class EmbeddedCounters {
  private incrementsSinceSweep = 0;
  /** Increments asked for in this turn, written together. */
  private increments: AskedIncrement[] = [];
  private readonly incrementAll: (batch: readonly AskedIncrement[], now: number) => number[];

  /** `written` runs a write of the store (`EmbeddedReadStore.written`). */
  constructor(
    db: Database.Database,
    private readonly statements: ReturnType<typeof prepareStatements>,
    private readonly written: <T>(write: () => T) => T,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {
    this.incrementAll = db.transaction((batch: readonly AskedIncrement[], now: number) =>
      batch.map(
        ({ key, expiresAt, by }) =>
          this.statements.increment.get({ key, expiresAt, now, by })!.value,
      ),
    );
  }

  increment(key: string, expiresAt: Date, by = 1): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.increments.push({ key, expiresAt: expiresAt.getTime(), by, resolve, reject });
      if (this.increments.length === 1) queueMicrotask(() => this.incrementPending());
    });
  }

  counter(key: string): number {
    return this.statements.counter.get(key, this.now())?.value ?? 0;
  }

  private incrementPending(): void {
    const batch = this.increments;
    this.increments = [];
    const now = this.now();
    let values: number[];
    try {
      values = this.written(() => this.incrementAll(batch, now));
    } catch (error) {
      for (const asked of batch) asked.reject(error);
      return;
    }
    batch.forEach((asked, i) => asked.resolve(values[i]));
    // Expired counters are reset on use; sweep the unused ones now and then.
    this.incrementsSinceSweep += batch.length;
    if (this.incrementsSinceSweep >= SWEEP_EVERY_INCREMENTS) {
      this.incrementsSinceSweep = 0;
      try {
        this.written(() => this.statements.purgeCounters.run(now));
      } catch (error) {
        this.logger.warn(`Sweeping expired counters failed: ${(error as Error).message}`);
      }
    }
  }
}

/** A counter's increment waiting for its turn's transaction. */
interface AskedIncrement {
  key: string;
  expiresAt: number;
  by: number;
  resolve: (value: number) => void;
  reject: (error: unknown) => void;
}
